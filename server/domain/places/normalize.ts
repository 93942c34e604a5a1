/**
 * Names compared the way people type them: no accents, no case, punctuation as spaces
 * ("Boeing Field/King County Intl" → "boeing field king county intl", "Zürich" → "zurich").
 */
export function normalize(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** What a name is found by (normalized): its names, and the name from each later word on. */
export interface NameKeys {
  /** The whole name first, then the alternatives it carries. */
  names: string[];
  /** The whole name from its second, third... word on: "county" finds "Boeing Field King County". */
  words: string[];
}

/**
 * Airport names carry other names. OurAirports appends the name pilots use after " - " ("King County
 * International Airport - Boeing Field"); what comes before a dash may be a fragment ("Boeing - Auburn
 * Complex Heliport"), so it is not a name of its own. "/" and brackets separate whole names ("Boeing
 * Field/King County Intl" in FAA data, "Fort Worth Alliance (AFW)"). A hyphen inside a word
 * (Winston-Salem) does not split.
 */
function otherNames(name: string): string[] {
  return name.split(/\s+-\s+/).flatMap((segment, i) => {
    const parts = segment.split(/[/()]/);
    return parts.length > 1 ? parts : i > 0 ? [segment] : [];
  });
}

export function nameKeys(name: string): NameKeys {
  const whole = normalize(name);
  const names = [whole, ...otherNames(name).map(normalize)].filter((n, i, all) => n && all.indexOf(n) === i);
  const w = whole.split(' ').filter(Boolean);
  return { names, words: w.slice(1).map((_, i) => w.slice(i + 1).join(' ')) };
}
