/**
 * Legal documents of the terms page (SPEC.md §2 Terms). Each document is plain
 * data so it can be edited without touching the page. A document whose `body`
 * is null is not written yet; the page shows a work-in-progress placeholder.
 */

import { COMPANY } from './company';

export const LEGAL_KEYS = ['creator', 'dmca', 'privacy', 'aup', 'law', 'cookies', 'gdpr'] as const;
export type LegalKey = (typeof LEGAL_KEYS)[number];

/** Documents listed in the sidebar, in order; gdpr is reachable only by its hash. */
export const LEGAL_MENU: readonly LegalKey[] = [
  'creator',
  'dmca',
  'privacy',
  'aup',
  'law',
  'cookies',
];
export const DEFAULT_LEGAL_KEY: LegalKey = 'creator';

export interface LegalSection {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
}

export interface LegalBody {
  /** Date of the current version, shown under the title. */
  updated: string;
  intro: string;
  sections: readonly LegalSection[];
}

export interface LegalDocument {
  /** Full title shown above the document. */
  title: string;
  /** Short name used in the sidebar. */
  label: string;
  body: LegalBody | null;
}

export function isLegalKey(value: string): value is LegalKey {
  return (LEGAL_KEYS as readonly string[]).includes(value);
}

/** The document selected by a URL hash such as '#privacy'; anything unknown falls back to creator. */
export function legalKeyFromHash(hash: string): LegalKey {
  const key = decodeURIComponent(hash.replace(/^#/, '')).trim().toLowerCase();
  return isLegalKey(key) ? key : DEFAULT_LEGAL_KEY;
}

/** Plain text of a document (title, intro and every section), for search and tests. */
export function legalText(doc: LegalDocument): string {
  if (!doc.body) return doc.title;
  const parts = [doc.title, doc.body.intro];
  for (const section of doc.body.sections) {
    parts.push(section.heading, ...(section.paragraphs ?? []), ...(section.items ?? []));
  }
  return parts.join('\n');
}

/**
 * Who „Studio” is, from the studio's details (content/company.ts): the address
 * as typed sits between commas like the other parts, as Polish documents write it.
 */
const STUDIO = `${COMPANY.name}, ${COMPANY.address}, NIP ${COMPANY.nip}, REGON ${COMPANY.regon}${COMPANY.krs ? `, KRS ${COMPANY.krs}` : ''}`;
const CONTACT = `Z nami skontaktujesz się przez system zgłoszeń Kontakt dostępny w zakładce „Kontakt” (/contact) — po zalogowaniu albo bez konta, formularzem „Napisz do nas bez konta” — a także e-mailem (${COMPANY.email}) lub telefonicznie (${COMPANY.phone}).`;

export const LEGAL_DOCUMENTS: Record<LegalKey, LegalDocument> = {
  creator: {
    title: 'Umowa o współpracy z twórcą',
    label: 'Umowa z twórcą',
    body: {
      updated: '1 marca 2025',
      intro: `Ta umowa określa zasady, na jakich ${STUDIO} (dalej: „Studio”) tworzy dla klienta (dalej: „Zamawiający”) strony internetowe, aplikacje, skrypty i serwery gier (dalej: „Dzieło”). Szczegóły konkretnego zlecenia — zakres, cenę i terminy — uzgadniamy w wycenie, która staje się częścią tej umowy.`,
      sections: [
        {
          heading: '1. Zamówienie i zakres prac',
          paragraphs: [
            'Zlecenie zaczyna się od zgłoszenia w systemie Kontakt. Na jego podstawie przygotowujemy wycenę z opisem funkcji, harmonogramem i ceną. Umowa zostaje zawarta, gdy Zamawiający zaakceptuje wycenę na piśmie lub w wiadomości w systemie Kontakt.',
            'Zmiany zakresu po akceptacji wyceny wymagają aneksu. Jeśli zmiana wpływa na termin lub cenę, informujemy o tym przed rozpoczęciem prac.',
          ],
        },
        {
          heading: '2. Obowiązki stron',
          items: [
            'Studio wykonuje Dzieło starannie, zgodnie ze sztuką i uzgodnioną specyfikacją, oraz informuje o postępach co najmniej raz w tygodniu.',
            'Zamawiający dostarcza na czas materiały (teksty, grafiki, dostępy) i odpowiada za to, że ma do nich prawa.',
            'Opóźnienie w dostarczeniu materiałów przesuwa termin wykonania o czas tego opóźnienia.',
          ],
        },
        {
          heading: '3. Odbiór Dzieła',
          paragraphs: [
            'Po zakończeniu prac przekazujemy Dzieło do odbioru wraz z krótką instrukcją. Zamawiający ma 7 dni roboczych na sprawdzenie Dzieła i zgłoszenie zastrzeżeń albo podpisanie protokołu odbioru.',
            'Jeśli w ciągu 7 dni roboczych Zamawiający nie zgłosi zastrzeżeń ani nie dokona odbioru, Dzieło uważa się za odebrane bez uwag. Zastrzeżenia muszą wskazywać, czym Dzieło różni się od uzgodnionej specyfikacji.',
          ],
        },
        {
          heading: '4. Gwarancja poprawek',
          paragraphs: [
            'Przez 30 dni od odbioru usuwamy bezpłatnie błędy, czyli działanie niezgodne z uzgodnioną specyfikacją. Zgłoszenie błędu przyjmujemy w systemie Kontakt; potwierdzamy je w ciągu 2 dni roboczych.',
            'Gwarancja nie obejmuje nowych funkcji, zmian wprowadzonych przez Zamawiającego lub osoby trzecie ani problemów wynikających z usług zewnętrznych (hostingu, aktualizacji platform gier, bibliotek innych autorów). Takie prace wyceniamy osobno.',
          ],
        },
        {
          heading: '5. Wynagrodzenie i płatności',
          items: [
            'Przy zleceniach powyżej 2 tygodni pracy pobieramy zaliczkę w wysokości 30% ceny; resztę po odbiorze.',
            'Faktura jest płatna w ciągu 14 dni od wystawienia.',
            'Do czasu zapłaty całego wynagrodzenia Studio może wstrzymać przekazanie kodu źródłowego i praw do Dzieła.',
          ],
        },
        {
          heading: '6. Prawa autorskie',
          paragraphs: [
            'Z chwilą zapłaty całego wynagrodzenia przenosimy na Zamawiającego autorskie prawa majątkowe do Dzieła na polach eksploatacji wskazanych w wycenie, a co najmniej: utrwalanie i zwielokrotnianie, wprowadzanie zmian, publikowanie w internecie i udostępnianie na serwerach.',
            'Biblioteki open source i nasze wcześniejsze, ogólne moduły pozostają na swoich licencjach; Zamawiający otrzymuje do nich niewyłączną, bezterminową licencję w zakresie potrzebnym do korzystania z Dzieła. Studio może pokazać Dzieło w portfolio, chyba że strony umówią się inaczej.',
          ],
        },
        {
          heading: '7. Odpowiedzialność i odstąpienie',
          paragraphs: [
            'Odpowiedzialność Studia wobec Zamawiającego będącego przedsiębiorcą jest ograniczona do wysokości wynagrodzenia za dane zlecenie i nie obejmuje utraconych korzyści. Ograniczenie nie dotyczy szkód wyrządzonych umyślnie.',
            'Każda ze stron może odstąpić od umowy, gdy druga strona mimo wezwania z 7-dniowym terminem nie wykonuje swoich obowiązków. Zamawiający płaci wtedy za prace wykonane do dnia odstąpienia.',
          ],
        },
        {
          heading: '8. Postanowienia końcowe',
          paragraphs: [
            'W sprawach nieuregulowanych stosuje się przepisy Kodeksu cywilnego. Spory rozstrzyga sąd właściwy dla siedziby Studia, a w przypadku konsumentów — sąd właściwy według przepisów ogólnych.',
            CONTACT,
          ],
        },
      ],
    },
  },

  // Left unwritten on purpose: the page shows the work-in-progress placeholder for it.
  dmca: {
    title: 'Zgłoszenia naruszeń praw autorskich (DMCA)',
    label: 'DMCA',
    body: null,
  },

  privacy: {
    title: 'Polityka prywatności',
    label: 'Prywatność',
    body: {
      updated: '1 marca 2025',
      intro: `Ta polityka wyjaśnia, jakie dane zbiera ${STUDIO} (dalej: „Studio”, „my”) w tym serwisie, po co i jak długo je przechowujemy. Administratorem danych jest Studio. Zbieramy tylko to, czego potrzebujemy do prowadzenia kont i obsługi zgłoszeń.`,
      sections: [
        {
          heading: '1. Jakie dane zbieramy',
          items: [
            'Dane konta: nazwa użytkownika, adres e-mail, skrót (hash) hasła oraz informacja, czy włączono logowanie dwuetapowe. Samego hasła nie znamy i nie przechowujemy.',
            'Dane bezpieczeństwa: daty logowań, adres IP i nazwa przeglądarki przypisane do sesji, nieudane próby logowania oraz wysłane kody weryfikacyjne (przechowujemy je tylko w postaci skrótu).',
            'Komunikacja: treść zgłoszeń i wiadomości w systemie Kontakt oraz dołączone pliki i obrazy.',
            'Wiadomość bez konta: imię i nazwisko (lub nazwa firmy), adres e-mail i treść z formularza „Napisz do nas bez konta”. Po potwierdzeniu linkiem z e-maila wiadomość staje się zgłoszeniem przypisanym do tego adresu (konto gościa bez hasła), a odpowiedzi wysyłamy e-mailem. Niepotwierdzone wiadomości usuwamy po 2 dniach.',
            'Dane w przeglądarce: pliki cookie i wpisy localStorage opisane w polityce cookies i w punkcie 5 poniżej.',
          ],
        },
        {
          heading: '2. W jakim celu i na jakiej podstawie',
          items: [
            'Prowadzenie konta i logowanie — wykonanie umowy o świadczenie usług drogą elektroniczną (art. 6 ust. 1 lit. b RODO).',
            'Obsługa zgłoszeń i korespondencja przy zleceniach — wykonanie umowy lub działania przed jej zawarciem (art. 6 ust. 1 lit. b RODO).',
            'Ochrona kont przed przejęciem i nadużyciami, dochodzenie roszczeń — nasz prawnie uzasadniony interes (art. 6 ust. 1 lit. f RODO).',
          ],
        },
        {
          heading: '3. Jak długo przechowujemy dane',
          items: [
            'Dane konta oraz dzienniki bezpieczeństwa (logowania, sesje, próby logowania) przechowujemy do 12 miesięcy od ostatniej aktywności na koncie; po tym czasie usuwamy je lub anonimizujemy.',
            'Komunikację (zgłoszenia, wiadomości i załączniki) przechowujemy do 24 miesięcy od zamknięcia zgłoszenia, ponieważ bywa potrzebna przy gwarancji i rozliczeniach.',
            'Kody weryfikacyjne wygasają po 10 minutach, a link do resetu hasła po 1 godzinie.',
            'Dłużej przechowujemy dane tylko wtedy, gdy wymaga tego prawo (np. dokumenty księgowe) albo gdy organ zażądał ich zabezpieczenia — zobacz dokument o zapytaniach organów ścigania.',
          ],
        },
        {
          heading: '4. Bezpieczeństwo konta',
          paragraphs: [
            'Hasła przechowujemy wyłącznie w postaci skrótu z solą. Tokeny sesji i linki do resetu hasła są losowe, a w bazie zapisujemy tylko ich skróty, więc wyciek bazy nie pozwala nikogo zalogować.',
            'Link do resetu hasła jest ważny 1 godzinę i działa tylko raz. Po ustawieniu nowego hasła wylogowujemy wszystkie sesje konta na wszystkich urządzeniach, aby ktoś, kto znał stare hasło, stracił dostęp.',
            'Możesz włączyć logowanie dwuetapowe: po podaniu hasła wysyłamy wtedy na Twój e-mail jednorazowy 6-cyfrowy kod.',
          ],
        },
        {
          heading: '5. Co zapisujemy w Twojej przeglądarce',
          items: [
            'Ciasteczko sesji „sid” (w połączeniu https: „__Host-sid”) — utrzymuje zalogowanie. Bez opcji „Zapamiętaj mnie” znika po zamknięciu przeglądarki, z nią wygasa po 30 dniach bez aktywności.',
            'Ciasteczko „mfa_pending” (w połączeniu https: „__Host-mfa_pending”) — łączy krok z kodem logowania dwuetapowego z tą przeglądarką; wygasa po 10 minutach.',
            'Ciasteczko „device” (w połączeniu https: „__Host-device”) — zapamiętuje, że ta przeglądarka logowała się już do konta (numer konta i losowy identyfikator z podpisem, bez hasła); dzięki niemu cudze próby zgadywania hasła nie zablokują Ci logowania z tej przeglądarki. Wygasa po roku; zmiana hasła unieważnia je wszystkie.',
            'Ciasteczko „signed_in” (w połączeniu https: „__Host-signed_in”) — sama informacja, że w tej przeglądarce może trwać sesja, bez żadnych danych; dzięki niej strony dla niezalogowanych nie pytają serwera o sesję. Powstaje i znika razem z ciasteczkiem sesji.',
            'localStorage „theme” — wybrany motyw (dark albo light).',
            'localStorage „nd_cookie_notice” — informacja, że zamknięto komunikat o cookies.',
            'localStorage „nd_last_ticket_<id użytkownika>” — ostatnio otwarte zgłoszenie, aby wrócić do niego po ponownym wejściu.',
            'sessionStorage „studio.returnPath” i „studio.returnTicketId” — strona, na którą wracasz po zalogowaniu; znikają po zamknięciu karty.',
          ],
          paragraphs: ['Nie używamy ciasteczek reklamowych ani narzędzi śledzących firm trzecich.'],
        },
        {
          heading: '6. Komu przekazujemy dane',
          paragraphs: [
            'Dane przetwarzają w naszym imieniu wyłącznie dostawcy infrastruktury: hosting serwera i bazy danych oraz dostawca poczty wysyłający kody i powiadomienia. Każdy z nich działa na podstawie umowy powierzenia. Nie sprzedajemy danych i nie przekazujemy ich poza Europejski Obszar Gospodarczy bez odpowiednich zabezpieczeń.',
            'Organom publicznym udostępniamy dane tylko na zasadach opisanych w dokumencie o zapytaniach organów ścigania.',
          ],
        },
        {
          heading: '7. Twoje prawa',
          paragraphs: [
            'Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przeniesienia oraz sprzeciwu. Szczegóły opisuje klauzula informacyjna RODO. Możesz też złożyć skargę do Prezesa Urzędu Ochrony Danych Osobowych.',
            CONTACT,
          ],
        },
      ],
    },
  },

  aup: {
    title: 'Zasady dopuszczalnego użytkowania',
    label: 'Dopuszczalne użytkowanie',
    body: {
      updated: '1 marca 2025',
      intro:
        'Te zasady obowiązują każdego, kto zakłada konto w serwisie, korzysta z systemu Kontakt lub z usług, które dla niego prowadzimy (strony, serwery gier, repozytoria). Chodzi o to, by serwis był bezpieczny dla wszystkich.',
      sections: [
        {
          heading: '1. Czego nie wolno',
          items: [
            'Publikować treści niezgodnych z prawem, nawołujących do przemocy lub nienawiści, naruszających cudze dobra osobiste albo prawa autorskie.',
            'Wysyłać złośliwego oprogramowania, w tym w załącznikach do zgłoszeń.',
            'Próbować uzyskać dostęp do cudzych kont, zgłoszeń lub plików, obchodzić zabezpieczenia albo testować podatności bez naszej pisemnej zgody.',
            'Zalewać serwis automatycznymi żądaniami, spamem lub zgłoszeniami bez treści.',
            'Podszywać się pod inne osoby, w tym pod członków zespołu Studia.',
          ],
        },
        {
          heading: '2. Zgłoszenia i załączniki',
          paragraphs: [
            'System Kontakt służy do spraw związanych z naszymi usługami. Do jednej wiadomości można dołączyć najwyżej 5 plików, każdy do 8 MB. Prosimy nie przesyłać haseł ani danych kart płatniczych — nigdy o nie nie prosimy.',
          ],
        },
        {
          heading: '3. Odpowiedzialne zgłaszanie podatności',
          paragraphs: [
            'Jeśli znajdziesz błąd bezpieczeństwa, opisz go w zgłoszeniu w systemie Kontakt i nie ujawniaj go publicznie, zanim go naprawimy. Nie wyciągamy konsekwencji wobec osób, które działają w dobrej wierze i nie naruszają cudzych danych.',
          ],
        },
        {
          heading: '4. Konsekwencje naruszeń',
          paragraphs: [
            'W zależności od wagi naruszenia możemy usunąć treść, zamknąć zgłoszenie, czasowo zablokować lub usunąć konto. O podjętych działaniach informujemy na adres e-mail konta, chyba że zakazuje tego prawo. Od decyzji można się odwołać w ciągu 14 dni, pisząc w systemie Kontakt.',
          ],
        },
      ],
    },
  },

  law: {
    title: 'Zapytania organów ścigania',
    label: 'Organy ścigania',
    body: {
      updated: '1 marca 2025',
      intro:
        'Ten dokument opisuje, jak odpowiadamy na żądania policji, prokuratury, sądów i innych uprawnionych organów dotyczące danych użytkowników serwisu.',
      sections: [
        {
          heading: '1. Podstawa prawna żądania',
          paragraphs: [
            'Dane użytkowników udostępniamy wyłącznie na podstawie pisemnego żądania uprawnionego organu, które wskazuje podstawę prawną, sprawę oraz zakres danych. Żądania ustne, telefoniczne lub z prywatnych adresów e-mail nie są wystarczające. Żądania organów zagranicznych przyjmujemy za pośrednictwem polskich organów lub w trybie pomocy prawnej.',
          ],
        },
        {
          heading: '2. Zabezpieczenie danych',
          paragraphs: [
            'Na wniosek uprawnionego organu możemy zabezpieczyć wskazane dane, zanim wpłynie formalne żądanie ich wydania. Zabezpieczenie trwa do 90 dni i może zostać jednokrotnie przedłużone o kolejne 90 dni na ponowny wniosek organu. Po upływie tego czasu dane wracają do zwykłych okresów przechowywania opisanych w polityce prywatności.',
          ],
        },
        {
          heading: '3. Zakres udostępnianych danych',
          items: [
            'Udostępniamy tylko dane objęte żądaniem i tylko takie, które faktycznie przechowujemy.',
            'Nie mamy dostępu do haseł użytkowników — przechowujemy wyłącznie ich skróty.',
            'Żądania zbyt szerokie lub niejasne odsyłamy z prośbą o doprecyzowanie.',
          ],
        },
        {
          heading: '4. Informowanie użytkownika',
          paragraphs: [
            'O żądaniu informujemy użytkownika, którego dotyczy, chyba że zakazuje tego prawo lub postanowienie organu albo gdy poinformowanie mogłoby narazić kogoś na niebezpieczeństwo.',
          ],
        },
        {
          heading: '5. Sytuacje nagłe',
          paragraphs: [
            'Jeśli zachodzi bezpośrednie zagrożenie życia lub zdrowia, możemy wydać niezbędne dane przed otrzymaniem formalnego żądania, a organ uzupełnia je niezwłocznie po fakcie. Każde takie udostępnienie odnotowujemy.',
            CONTACT,
          ],
        },
      ],
    },
  },

  cookies: {
    title: 'Polityka cookies',
    label: 'Cookies',
    body: {
      updated: '1 marca 2025',
      intro:
        'Serwis zapisuje w Twojej przeglądarce tylko to, co jest potrzebne do jego działania. Nie używamy ciasteczek reklamowych, analitycznych ani narzędzi śledzących firm trzecich, dlatego nie prosimy o zgodę na nie — komunikat o cookies tylko informuje.',
      sections: [
        {
          heading: '1. Ciasteczka (cookies)',
          items: [
            '„sid” (przy połączeniu https pod nazwą „__Host-sid”) — ciasteczko sesji, które utrzymuje Cię zalogowanym. Jest niedostępne dla skryptów (HttpOnly) i wysyłane tylko do naszej domeny. Bez opcji „Zapamiętaj mnie” znika po zamknięciu przeglądarki; z nią wygasa po 30 dniach bez aktywności. Usuwamy je przy wylogowaniu.',
            '„mfa_pending” (przy połączeniu https pod nazwą „__Host-mfa_pending”) — tymczasowe ciasteczko logowania dwuetapowego: łączy krok z kodem z przeglądarką, w której podano hasło. Wygasa po 10 minutach i jest usuwane po wpisaniu kodu.',
            '„device” (przy połączeniu https pod nazwą „__Host-device”) — ciasteczko bezpieczeństwa zapisywane po udanym logowaniu: numer konta i losowy identyfikator, podpisane przez serwer. Pozwala tej przeglądarce logować się dalej, gdy ktoś obcy zgaduje hasło do Twojego konta. Niedostępne dla skryptów strony; wygasa po roku, a zmiana hasła unieważnia je wszystkie.',
            '„signed_in” (przy połączeniu https pod nazwą „__Host-signed_in”) — ciasteczko z wartością „1”, bez żadnych danych o Tobie: mówi tylko stronie, że w tej przeglądarce może trwać sesja, więc warto sprawdzić, kto jest zalogowany (bez niego strony publiczne nie pytają o to serwera). Jest czytelne dla skryptów strony, bo tylko do tego służy; powstaje, wygasa i jest usuwane razem z ciasteczkiem sesji.',
          ],
        },
        {
          heading: '2. Pamięć lokalna przeglądarki (localStorage)',
          items: [
            '„theme” — wybrany motyw strony: dark albo light. Domyślnie strona jest ciemna.',
            '„nd_cookie_notice” — zapamiętuje, że kliknięto „Kontynuuj” w komunikacie o cookies, aby nie pokazywać go ponownie.',
            '„nd_last_ticket_<id użytkownika>” — numer ostatnio otwartego zgłoszenia w systemie Kontakt, osobno dla każdego konta; usuwamy go, gdy zgłoszenie zostanie usunięte.',
          ],
        },
        {
          heading: '3. Pamięć sesji karty (sessionStorage)',
          items: [
            '„studio.returnPath” i „studio.returnTicketId” — strona i zgłoszenie, do których wracasz po zalogowaniu. Znikają po zamknięciu karty.',
          ],
        },
        {
          heading: '4. Jak to kontrolować',
          paragraphs: [
            'Wszystkie te dane możesz usunąć w ustawieniach przeglądarki (czyszczenie plików cookie i danych witryn). Zablokowanie ciasteczek uniemożliwi zalogowanie się, ale strony publiczne będą działać; wybrany motyw i zamknięty komunikat nie zostaną wtedy zapamiętane.',
            'Więcej o przetwarzaniu danych przeczytasz w polityce prywatności.',
          ],
        },
      ],
    },
  },

  gdpr: {
    title: 'Klauzula informacyjna RODO',
    label: 'RODO',
    body: {
      updated: '1 marca 2025',
      intro:
        'Zgodnie z art. 13 rozporządzenia Parlamentu Europejskiego i Rady (UE) 2016/679 (RODO) informujemy, jak przetwarzamy Twoje dane osobowe.',
      sections: [
        {
          heading: '1. Administrator',
          paragraphs: [`Administratorem Twoich danych jest ${STUDIO}. ${CONTACT}`],
        },
        {
          heading: '2. Cele, podstawy i okresy',
          paragraphs: [
            'Cele przetwarzania, podstawy prawne i okresy przechowywania opisuje polityka prywatności: dane konta i dzienniki bezpieczeństwa przechowujemy do 12 miesięcy, a komunikację do 24 miesięcy.',
          ],
        },
        {
          heading: '3. Twoje prawa',
          items: [
            'dostęp do danych i otrzymanie ich kopii (art. 15 RODO),',
            'sprostowanie danych (art. 16 RODO),',
            'usunięcie danych (art. 17 RODO),',
            'ograniczenie przetwarzania (art. 18 RODO),',
            'przeniesienie danych (art. 20 RODO),',
            'sprzeciw wobec przetwarzania opartego na prawnie uzasadnionym interesie (art. 21 RODO),',
            'skarga do Prezesa Urzędu Ochrony Danych Osobowych, ul. Stawki 2, 00-193 Warszawa.',
          ],
        },
        {
          heading: '4. Dobrowolność',
          paragraphs: [
            'Podanie danych jest dobrowolne, ale bez adresu e-mail i nazwy użytkownika nie założysz konta ani nie skorzystasz z systemu Kontakt. Nie podejmujemy decyzji w sposób zautomatyzowany i nie profilujemy użytkowników.',
          ],
        },
        {
          heading: '5. Realizacja żądań',
          paragraphs: [
            'Na żądania odpowiadamy w ciągu miesiąca. Przed wydaniem danych możemy poprosić o potwierdzenie tożsamości, np. zalogowanie się na konto, którego dotyczy żądanie.',
          ],
        },
      ],
    },
  },
};
