import { afterFirstScreen } from '../router/first-screen';
import { loadContacts } from '../stores/contact-actions';
import { loadGroups } from '../stores/group-actions';

let queued = false;

/**
 * Loads the contacts tab's lists (friends, blacklist, groups, applications both ways) once the first
 * screen is shown and the browser is idle: their seven requests competed with the first screen's own
 * files and made one long task (docs/decisions.md#first-screen). A load already queued and not begun
 * answers a second call too, since it starts later than that call (the start's login and its first
 * sync both ask).
 */
export function loadContactListsSoon(): void {
  if (queued) return;
  queued = true;
  afterFirstScreen(() => {
    queued = false;
    void loadContacts();
    void loadGroups();
  });
}
