import { Toaster } from 'sonner';

/** SPEC §9: top-right, up to 3 at a time, 4 s each. */
export default function AppToaster() {
  return <Toaster position="top-right" visibleToasts={3} duration={4000} richColors closeButton />;
}
