/**
 * A user's age in whole years from the birthday (epoch ms; 0 unset), on the viewer's calendar:
 * a birthday not yet reached this year does not count (docs/product.md#user). Null when unset or
 * in the future.
 */
export function ageFrom(birth: number, now: Date = new Date()): number | null {
  if (!birth || !Number.isFinite(birth)) return null;
  const born = new Date(birth);
  if (Number.isNaN(born.getTime()) || born.getTime() > now.getTime()) return null;
  let years = now.getFullYear() - born.getFullYear();
  const beforeBirthday =
    now.getMonth() < born.getMonth() ||
    (now.getMonth() === born.getMonth() && now.getDate() < born.getDate());
  if (beforeBirthday) years -= 1;
  return years;
}
