import { Link } from 'react-router';
import { secondaryButtonClass } from './styles';

/**
 * „Zespół Kontaktu” in the workspace header (admins): who is staff, adding and
 * removing people. Not „Zespół”, the site menu's link to the studio's people
 * (/team, SPEC §2): two links of one name must not lead to different pages.
 */
export function TeamLink() {
  return (
    <Link to="/contact/team" className={secondaryButtonClass}>
      Zespół Kontaktu
    </Link>
  );
}
