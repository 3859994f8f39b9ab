/** The error line under one field; `id` ties it to the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-300">
      {message}
    </p>
  );
}
