/**
 * A LIKE pattern that finds the text anywhere, its own wildcards escaped: a search for "50%"
 * finds "50%", not everything.
 */
export const containsText = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
