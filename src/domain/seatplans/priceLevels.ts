/**
 * Price levels (ticket groups) as venue files name them: by id or by any of the level's names.
 */

export interface PriceLevelRef {
  id: number;
  /** The level's names (every locale's); the first is the one exports write. */
  names: readonly string[];
}

const normal = (text: string): string => text.trim().toLowerCase();

/**
 * Reads price level texts. A text matches a level when it is the level's id written in decimal or,
 * case-insensitively and trimmed, one of its names. Ids win over names, and where two levels share a name
 * the first level in the list wins (the demo catalogue calls two levels "Price level A").
 */
export class PriceLevelMatcher {
  readonly #byText = new Map<string, number>();
  readonly #levels: readonly PriceLevelRef[];

  constructor(levels: readonly PriceLevelRef[]) {
    this.#levels = levels;
    for (const level of levels) this.#byText.set(String(level.id), level.id);
    for (const level of levels) {
      for (const name of level.names) {
        const key = normal(name);
        if (key !== '' && !this.#byText.has(key)) this.#byText.set(key, level.id);
      }
    }
  }

  /** The id of the level the text names; undefined when it names none. */
  match(text: string): number | undefined {
    return this.#byText.get(text.trim()) ?? this.#byText.get(normal(text));
  }

  ids(): Set<number> {
    return new Set(this.#levels.map((l) => l.id));
  }

  /**
   * The text an export writes for a level: its first name when that name reads back as this level,
   * otherwise its id (a level without names, or whose first name another level claims first).
   */
  text(id: number): string {
    const name = this.#levels.find((l) => l.id === id)?.names[0];
    return name !== undefined && this.match(name) === id ? name.trim() : String(id);
  }
}
