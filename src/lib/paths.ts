/** Route helpers shared by the header and the mobile drawer. */

/** Normalises '/about/' and '/about' alike; keeps '/' as is. */
export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Spec section 2: Home is active only on an exact match; every other link is
 * active on a path-prefix match (segment-wise, so /insights/42 marks Insights).
 */
export function isCurrentPath(currentPath: string, href: string): boolean {
  const current = normalisePath(currentPath);
  const target = normalisePath(href);
  if (target === '/') return current === '/';
  return current === target || current.startsWith(`${target}/`);
}
