import { use } from 'react';

type StaffParts = typeof import('../components/staff-parts');

let loaded: StaffParts | undefined;
let loading: Promise<StaffParts> | undefined;

/**
 * Fetches the staff-only parts of the Kontakt screen, once. contact-route.tsx
 * starts it as soon as it knows the visitor is staff, beside the screen's own
 * chunk; a failed fetch is tried again by the next call.
 */
export function loadStaffParts(): Promise<StaffParts> {
  loading ??= import('../components/staff-parts').then(
    (parts) => {
      loaded = parts;
      return parts;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The staff parts for staff, `null` for a customer. Until they are loaded the
 * component suspends: the screen's loading state stays until the whole staff
 * desk can paint, so nothing appears later and moves the rest.
 */
export function useStaffParts(isStaff: boolean): StaffParts | null {
  if (!isStaff) return null;
  return loaded ?? use(loadStaffParts());
}
