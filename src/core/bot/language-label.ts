/** Language names are stored lower case ("english"); people read them capitalised. */
export function languageLabel(name: string): string {
  return name.charAt(0).toLocaleUpperCase() + name.slice(1);
}
