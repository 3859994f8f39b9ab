import { useClockText } from '../lib/display-clock';
import { formatFullDateTime, formatMessageTime } from '../lib/format';

/**
 * A message's or a ticket's time („14:05”, „12.03.2026, 14:05” before today),
 * the full date and time as its title with `hasTitle`; in the server's zone
 * while a server-rendered screen hydrates, then in the reader's (display-clock.ts).
 */
export function LocalTime({
  iso,
  hasTitle = false,
  className,
}: {
  iso: string;
  hasTitle?: boolean;
  className?: string;
}) {
  const text = useClockText((clock) => formatMessageTime(iso, new Date(clock.now), clock.timeZone));
  const title = useClockText((clock) => (hasTitle ? formatFullDateTime(iso, clock.timeZone) : ''));
  return (
    <time dateTime={iso} title={title || undefined} className={className}>
      {text}
    </time>
  );
}
