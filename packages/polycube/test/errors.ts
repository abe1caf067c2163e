/** The one line a user would see for the InputError `fn` throws, or 'no error'. */
export function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as { format(): string }).format();
  }
  return 'no error';
}
