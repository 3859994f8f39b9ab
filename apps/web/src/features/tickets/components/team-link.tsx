import { Link } from 'react-router';
import { secondaryButtonClass } from './styles';

/** „Zespół” in the workspace header (admins): who is staff, adding and removing people. */
export function TeamLink() {
  return (
    <Link to="/contact/team" className={secondaryButtonClass}>
      Zespół
    </Link>
  );
}
