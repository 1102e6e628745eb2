/** Runs a list request and stores its answer; failures are only logged (spec §8 "List fetch failures are only logged"). */
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
