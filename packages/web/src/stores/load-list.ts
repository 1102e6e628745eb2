/**
 * Runs a list request and stores its answer; failures are only logged (docs/product.md#error-texts).
 * Answers whether the list was stored.
 */
export async function loadList<T>(
  what: string,
  request: () => Promise<T>,
  put: (value: T) => void,
): Promise<boolean> {
  try {
    put(await request());
    return true;
  } catch (error) {
    console.error(`loading ${what} failed`, error);
    return false;
  }
}

/** Whether every one of the loads stored its list. */
export async function allLoaded(loads: Promise<boolean>[]): Promise<boolean> {
  return (await Promise.all(loads)).every(Boolean);
}
