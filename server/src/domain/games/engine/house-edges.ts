/**
 * The house edge of a game by slug, for the accrual repair sweep: a stored bet names only its game, and the edge
 * weighs its XP, rakeback and commission. The registry fills this when it loads (registry.ts), so that the engine
 * never imports the registry: the registry imports the games and the games import the engine.
 */
export type HouseEdgeOf = (slug: string) => number | undefined;

let registered: HouseEdgeOf = () => undefined;

/** Called once by the registry with its lookup; a later call (a test's own registry) replaces it. */
export function registerHouseEdges(lookup: HouseEdgeOf): void {
  registered = lookup;
}

/** The registered game's edge in ppm; undefined for a slug no registry knows (the sweep reports that bet). */
export function houseEdgeOf(slug: string): number | undefined {
  return registered(slug);
}
