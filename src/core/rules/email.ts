// Spec 1 §5: letters, digits and + _ . - before the @, then letters, digits, . or - after it.
const EMAIL = /^[A-Za-z0-9+_.-]+@[A-Za-z0-9.-]+$/;

export function isValidEmail(text: string): boolean {
  return EMAIL.test(text);
}
