// Types of compile-hints.mjs (plain JavaScript because next.config.mjs imports it).
export declare const COMPILE_HINT: string;
export declare function startupChunks(distDir: string): string[];
export declare function shiftSourceMapOneLine<
  T extends { mappings?: string; sections?: Array<{ offset: { line: number; column: number } }> },
>(map: T): T;
export declare function addCompileHints(distDir: string): { marked: string[]; alreadyMarked: number };
