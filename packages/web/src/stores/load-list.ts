/** Runs a list request and stores its answer; failures are only logged (docs/product.md#error-texts). */
export async function loadList<T>(
  what: string,
  request: () => Promise<T>,
  put: (value: T) => void,
): Promise<void> {
  try {
    put(await request());
  } catch (error) {
    console.error(`loading ${what} failed`, error);
  }
}
