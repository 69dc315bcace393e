/**
 * Cycles in the "monitors" graph of prep stations (connectedPrepStations). A station that monitors
 * itself, or a ring of stations monitoring each other, makes a ticket bump around without an
 * owner, so each is reported.
 *
 * `edges` maps a station guid to the guids it monitors. Targets that are not keys are ignored
 * (missing stations are a separate warning), and so are self-loops (reported on their own).
 * Returns one concrete cycle per strongly connected component of two or more stations, written
 * as the guids in monitoring order starting from the first station of `edges`' key order, without
 * repeating the start at the end.
 */
export function findConnectionCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = [...edges.keys()];
  const rank = new Map(order.map((guid, i) => [guid, i]));
  const targets = (guid: string) => (edges.get(guid) ?? []).filter((t) => t !== guid && edges.has(t));

  // Tarjan's algorithm, iterative so a long chain of stations cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  for (const root of order) {
    if (index.has(root)) continue;
    const work: { node: string; next: number }[] = [{ node: root, next: 0 }];
    index.set(root, counter);
    low.set(root, counter);
    counter += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const out = targets(frame.node);
      if (frame.next < out.length) {
        const target = out[frame.next]!;
        frame.next += 1;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component);
      }
    }
  }

  return components
    .map((component) => cycleWithin(new Set(component), targets, rank))
    .sort((a, b) => rank.get(a[0]!)! - rank.get(b[0]!)!);
}

/** A simple cycle through the component's first station, found by depth-first search inside it. */
function cycleWithin(
  members: Set<string>,
  targets: (guid: string) => string[],
  rank: Map<string, number>,
): string[] {
  const start = [...members].sort((a, b) => rank.get(a)! - rank.get(b)!)[0]!;
  const path: string[] = [start];
  const visited = new Set<string>([start]);
  const search = (node: string): boolean => {
    for (const next of targets(node)) {
      if (!members.has(next)) continue;
      if (next === start) return true;
      if (visited.has(next)) continue;
      visited.add(next);
      path.push(next);
      if (search(next)) return true;
      path.pop();
    }
    return false;
  };
  // Every member of a strongly connected component reaches the start, so the search succeeds.
  search(start);
  return path;
}
