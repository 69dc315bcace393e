import styles from "@/components/kitchen/controls/kitchen-answers-nav.module.css";
import { IntentLink } from "@/components/ui/intent-link";
import { menuLoadPageHref } from "@/lib/queries/menu-load";
import { serializeKitchenView, type KitchenView } from "@/lib/url-state/kitchen-view";

/**
 * The answers beyond the Kitchen page's own (issue 36), each on a page of its own so the Kitchen
 * page does not grow: one row of links in its header, every one for the dates on screen.
 */
export function KitchenAnswersNav({ guid, view }: { guid: string; view: KitchenView }) {
  const base = `/restaurants/${encodeURIComponent(guid)}/kitchen`;
  const dates = `from=${view.from}&to=${view.to}`;
  const links = [
    { label: "Capacity", href: `${base}/capacity?${dates}` },
    { label: "By channel", href: `${base}/channels?${serializeKitchenView(view)}` },
    { label: "Guest quote", href: `${base}/quote?${dates}` },
    { label: "Menu load", href: menuLoadPageHref(guid, { from: view.from, to: view.to, level: view.level }) },
  ];
  return (
    <nav aria-label="More kitchen answers" className={styles.nav}>
      {links.map((link) => (
        <IntentLink key={link.label} className="button" href={link.href}>
          {link.label}
        </IntentLink>
      ))}
    </nav>
  );
}
