"use client";

/**
 * Prints the Overview: the print stylesheet (app-shell.module.css, globals.css) leaves out the
 * app's header and the controls marked `data-print-hide`, on A4.
 */
export function PrintButton() {
  return (
    <button type="button" className="button" onClick={() => window.print()} data-testid="overview-print">
      Print
    </button>
  );
}
