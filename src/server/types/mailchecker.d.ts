/** mailchecker ships no types: the part of it the fraud signals use. */
declare module 'mailchecker' {
  /** False for an address at a throwaway domain (or one that is not an address). */
  export function isValid(email: string): boolean;
}
