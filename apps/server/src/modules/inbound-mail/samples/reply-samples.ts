/**
 * Replies as the common mail programs write them in plain text, in the
 * languages of DESIGN §7.1, with the answer above, below or between the
 * quoted lines. Written for these tests (not copied from real mails); the
 * attribution and header formats follow what each program produces by
 * default. `answer` is what must arrive in the ticket.
 */
export interface ReplySample {
  client: string;
  language: string;
  /** Where the customer wrote: above the quote, below it, between quoted lines, or no quote at all. */
  position: 'above' | 'below' | 'between' | 'none';
  text: string;
  answer: string;
}

/** Our notification as every program quotes it. */
const Q = '> Dzień dobry,\n> w zgłoszeniu #3 czeka nowa odpowiedź.\n>\n> Otwórz zgłoszenie';

export const REPLY_SAMPLES: ReplySample[] = [
  // Gmail web and mobile: attribution wrapped at 78 characters, address in <…>.
  {
    client: 'Gmail web',
    language: 'English',
    position: 'above',
    text: `Works now, thanks!\n\nOn Wed, Nov 25, 2026 at 10:00 AM Studio Kontakt <kontakt@studio.pl>\nwrote:\n\n${Q}\n`,
    answer: 'Works now, thanks!',
  },
  {
    client: 'Gmail web',
    language: 'Polish',
    position: 'above',
    text: `Zażółć gęślą jaźń.\n\nśr., 25 lis 2026 o 10:00 Studio Kontakt <kontakt@studio.pl>\nnapisał(a):\n\n${Q}`,
    answer: 'Zażółć gęślą jaźń.',
  },
  {
    client: 'Gmail web',
    language: 'German',
    position: 'above',
    text: `Danke, erledigt.\n\nAm Mi., 25. Nov. 2026 um 10:00 Uhr schrieb Studio Kontakt <\nkontakt@studio.pl>:\n\n${Q}`,
    answer: 'Danke, erledigt.',
  },
  {
    client: 'Gmail web',
    language: 'French',
    position: 'above',
    text: `Merci, c’est réglé.\n\nLe mer. 25 nov. 2026 à 10:00, Studio Kontakt <kontakt@studio.pl> a\nécrit :\n\n${Q}`,
    answer: 'Merci, c’est réglé.',
  },
  {
    client: 'Gmail web',
    language: 'Spanish',
    position: 'above',
    text: `Gracias, ya funciona.\n\nEl mié, 25 nov 2026 a las 10:00, Studio Kontakt (<kontakt@studio.pl>)\nescribió:\n\n${Q}`,
    answer: 'Gracias, ya funciona.',
  },
  {
    client: 'Gmail web',
    language: 'Italian',
    position: 'above',
    text: `Grazie, tutto a posto.\n\nIl giorno mer 25 nov 2026 alle ore 10:00 Studio Kontakt <\nkontakt@studio.pl> ha scritto:\n\n${Q}`,
    answer: 'Grazie, tutto a posto.',
  },
  {
    client: 'Gmail web',
    language: 'Portuguese',
    position: 'above',
    text: `Obrigado, funcionou.\n\nEm qua., 25 de nov. de 2026 às 10:00, Studio Kontakt <\nkontakt@studio.pl> escreveu:\n\n${Q}`,
    answer: 'Obrigado, funcionou.',
  },
  {
    client: 'Gmail web',
    language: 'Dutch',
    position: 'above',
    text: `Bedankt, het werkt.\n\nOp wo 25 nov. 2026 om 10:00 schreef Studio Kontakt <kontakt@studio.pl\n>:\n\n${Q}`,
    answer: 'Bedankt, het werkt.',
  },
  {
    client: 'Gmail web',
    language: 'Czech',
    position: 'above',
    text: `Díky, už to jde.\n\nst 25. 11. 2026 v 10:00 odesílatel Studio Kontakt <kontakt@studio.pl>\nnapsal:\n\n${Q}`,
    answer: 'Díky, už to jde.',
  },
  {
    client: 'Gmail web',
    language: 'Russian',
    position: 'above',
    text: `Спасибо, всё работает.\n\nср, 25 нояб. 2026 г. в 10:00, Studio Kontakt <kontakt@studio.pl>:\n\n${Q}`,
    answer: 'Спасибо, всё работает.',
  },
  {
    client: 'Gmail web',
    language: 'Ukrainian',
    position: 'above',
    text: `Дякую, все працює.\n\nср, 25 лист. 2026 р. о 10:00 Studio Kontakt <kontakt@studio.pl> пише:\n\n${Q}`,
    answer: 'Дякую, все працює.',
  },
  {
    client: 'Gmail mobile',
    language: 'English',
    position: 'above',
    text: `Ok, will do\n\nOn Wed, 25 Nov 2026, 10:00 Studio Kontakt, <kontakt@studio.pl> wrote:\n\n${Q}`,
    answer: 'Ok, will do',
  },
  {
    client: 'Gmail web',
    language: 'Polish',
    position: 'below',
    text: `śr., 25 lis 2026 o 10:00 Studio Kontakt <kontakt@studio.pl> napisał(a):\n\n${Q}\n\nOdpowiadam pod spodem: faktura poszła wczoraj.\n`,
    answer: 'Odpowiadam pod spodem: faktura poszła wczoraj.',
  },
  // Outlook desktop and web: the header block, no quoting of the original.
  {
    client: 'Outlook desktop',
    language: 'Polish',
    position: 'above',
    text: 'Przesyłam logi z wczoraj.\r\n\r\nPozdrawiam\r\nAnna\r\n\r\nOd: Studio Kontakt <kontakt@studio.pl>\r\nWysłano: środa, 25 listopada 2026 10:00\r\nDo: Anna Nowak <anna@example.pl>\r\nTemat: Nowa odpowiedź w zgłoszeniu #3\r\n\r\nDzień dobry,\r\nw zgłoszeniu #3 czeka nowa odpowiedź.\r\n',
    answer: 'Przesyłam logi z wczoraj.\n\nPozdrawiam\nAnna',
  },
  {
    client: 'Outlook web',
    language: 'English',
    position: 'above',
    text: 'Logs attached.\n\n________________________________\nFrom: Studio Kontakt <kontakt@studio.pl>\nSent: Wednesday, November 25, 2026 10:00 AM\nTo: Ann <ann@example.com>\nSubject: Re: ticket #3\n\nHello,\nticket #3 has a new answer.\n',
    answer: 'Logs attached.',
  },
  {
    client: 'Outlook desktop',
    language: 'German',
    position: 'above',
    text: 'Anbei die Datei.\n\nVon: Studio Kontakt <kontakt@studio.pl>\nGesendet: Mittwoch, 25. November 2026 10:00\nAn: Anna <anna@example.de>\nBetreff: Ticket #3\n\nHallo,\n',
    answer: 'Anbei die Datei.',
  },
  {
    client: 'Outlook desktop',
    language: 'French',
    position: 'above',
    text: 'Voici le fichier.\n\nDe : Studio Kontakt <kontakt@studio.pl>\nEnvoyé : mercredi 25 novembre 2026 10:00\nÀ : Anne <anne@example.fr>\nObjet : Ticket #3\n\nBonjour,\n',
    answer: 'Voici le fichier.',
  },
  {
    client: 'Outlook desktop',
    language: 'Spanish',
    position: 'above',
    text: 'Adjunto el archivo.\n\nDe: Studio Kontakt <kontakt@studio.pl>\nEnviado el: miércoles, 25 de noviembre de 2026 10:00\nPara: Ana <ana@example.es>\nAsunto: Ticket #3\n',
    answer: 'Adjunto el archivo.',
  },
  {
    client: 'Outlook desktop',
    language: 'Italian',
    position: 'above',
    text: 'Ecco il file.\n\nDa: Studio Kontakt <kontakt@studio.pl>\nInviato: mercoledì 25 novembre 2026 10:00\nA: Anna <anna@example.it>\nOggetto: Ticket #3\n',
    answer: 'Ecco il file.',
  },
  {
    client: 'Outlook desktop',
    language: 'Portuguese',
    position: 'above',
    text: 'Segue o arquivo.\n\nDe: Studio Kontakt <kontakt@studio.pl>\nEnviada em: quarta-feira, 25 de novembro de 2026 10:00\nPara: Ana <ana@example.pt>\nAssunto: Ticket #3\n',
    answer: 'Segue o arquivo.',
  },
  {
    client: 'Outlook desktop',
    language: 'Dutch',
    position: 'above',
    text: 'Hierbij het bestand.\n\nVan: Studio Kontakt <kontakt@studio.pl>\nVerzonden: woensdag 25 november 2026 10:00\nAan: Anna <anna@example.nl>\nOnderwerp: Ticket #3\n',
    answer: 'Hierbij het bestand.',
  },
  {
    client: 'Outlook desktop',
    language: 'Czech',
    position: 'above',
    text: 'Posílám soubor.\n\nOd: Studio Kontakt <kontakt@studio.pl>\nOdesláno: středa 25. listopadu 2026 10:00\nKomu: Anna <anna@example.cz>\nPředmět: Ticket #3\n',
    answer: 'Posílám soubor.',
  },
  {
    client: 'Outlook desktop',
    language: 'Russian',
    position: 'above',
    text: 'Отправляю файл.\n\nОт: Studio Kontakt <kontakt@studio.pl>\nОтправлено: 25 ноября 2026 г. 10:00\nКому: Анна <anna@example.ru>\nТема: Ticket #3\n',
    answer: 'Отправляю файл.',
  },
  {
    client: 'Outlook desktop',
    language: 'Ukrainian',
    position: 'above',
    text: 'Надсилаю файл.\n\nВід: Studio Kontakt <kontakt@studio.pl>\nНадіслано: 25 листопада 2026 р. 10:00\nКому: Анна <anna@example.ua>\nТема: Ticket #3\n',
    answer: 'Надсилаю файл.',
  },
  {
    client: 'Outlook (older)',
    language: 'Polish',
    position: 'above',
    text: 'Tak, zgadza się.\n\n-----Wiadomość oryginalna-----\nOd: Studio Kontakt [mailto:kontakt@studio.pl]\nWysłano: 25 listopada 2026 10:00\n',
    answer: 'Tak, zgadza się.',
  },
  {
    client: 'Outlook (older)',
    language: 'German',
    position: 'above',
    text: 'Ja.\n\n-----Ursprüngliche Nachricht-----\nVon: Studio Kontakt\n',
    answer: 'Ja.',
  },
  {
    client: 'Outlook for iOS',
    language: 'English',
    position: 'above',
    text: 'On my way\n\nGet Outlook for iOS\n________________________________\nFrom: Studio Kontakt <kontakt@studio.pl>\nSent: Wednesday, November 25, 2026 10:00:00 AM\nTo: ann@example.com\nSubject: Ticket #3\n',
    answer: 'On my way',
  },
  // Apple Mail (macOS) and iOS Mail: the attribution is part of the quote or stands above it.
  {
    client: 'iOS Mail',
    language: 'English',
    position: 'above',
    text: `Ok\n\nSent from my iPhone\n\n> On 25 Nov 2026, at 10:00, Studio Kontakt <kontakt@studio.pl> wrote:\n>\n${Q}`,
    answer: 'Ok',
  },
  {
    client: 'iOS Mail',
    language: 'Polish',
    position: 'above',
    text: `Proszę o fakturę.\n\nWysłane z iPhone’a\n\n> Wiadomość napisana przez Studio Kontakt <kontakt@studio.pl> w dniu 25.11.2026, o godz. 10:00:\n>\n${Q}`,
    answer: 'Proszę o fakturę.',
  },
  {
    client: 'Apple Mail',
    language: 'Polish',
    position: 'above',
    text: `Proszę o fakturę.\n\nWiadomość napisana przez Studio Kontakt <kontakt@studio.pl> w dniu 25 lis 2026, o godz. 10:00:\n\n${Q}`,
    answer: 'Proszę o fakturę.',
  },
  {
    client: 'Apple Mail',
    language: 'German',
    position: 'above',
    text: `Passt.\n\nVon meinem iPhone gesendet\n\n> Am 25.11.2026 um 10:00 schrieb Studio Kontakt <kontakt@studio.pl>:\n${Q}`,
    answer: 'Passt.',
  },
  {
    client: 'Apple Mail',
    language: 'French',
    position: 'above',
    text: `D’accord.\n\nEnvoyé de mon iPhone\n\n> Le 25 nov. 2026 à 10:00, Studio Kontakt <kontakt@studio.pl> a écrit :\n${Q}`,
    answer: 'D’accord.',
  },
  // Thunderbird: top-posting and (a common set-up) bottom-posting, with a `-- ` signature.
  {
    client: 'Thunderbird',
    language: 'Polish',
    position: 'above',
    text: `Nowe dane w załączniku.\n\n-- \nJan Kowalski\ntel. 600 000 000\n\nW dniu 25.11.2026 o 10:00, Studio Kontakt pisze:\n${Q}`,
    answer: 'Nowe dane w załączniku.',
  },
  {
    client: 'Thunderbird',
    language: 'Polish',
    position: 'below',
    text: `W dniu 25.11.2026 o 10:00, Studio Kontakt pisze:\n${Q}\n\nDziękuję, zaraz sprawdzę.\n\n-- \nJan Kowalski\n`,
    answer: 'Dziękuję, zaraz sprawdzę.',
  },
  {
    client: 'Thunderbird',
    language: 'English',
    position: 'below',
    text: `On 25/11/2026 10:00, Studio Kontakt wrote:\n${Q}\n\nThanks, I will check.\n`,
    answer: 'Thanks, I will check.',
  },
  {
    client: 'Thunderbird',
    language: 'German',
    position: 'below',
    text: `Am 25.11.26 um 10:00 schrieb Studio Kontakt:\n${Q}\n\nIch schaue nach.\n`,
    answer: 'Ich schaue nach.',
  },
  {
    client: 'Thunderbird',
    language: 'Russian',
    position: 'below',
    text: `25.11.2026 10:00, Studio Kontakt пишет:\n${Q}\n\nПроверю.\n`,
    answer: 'Проверю.',
  },
  {
    client: 'Thunderbird',
    language: 'Polish',
    position: 'between',
    text: 'W dniu 25.11.2026 o 10:00, Studio Kontakt pisze:\n> Czy błąd nadal występuje?\n\nTak, po każdym logowaniu.\n\n> Jakiej przeglądarki Pan używa?\n\nFirefox 140.\n\n> Pozdrawiamy\n',
    answer: 'Tak, po każdym logowaniu.\n\nFirefox 140.',
  },
  // Mail.ru / Yandex style: „… пользователь … написал:”, wrapped.
  {
    client: 'Yandex Mail',
    language: 'Russian',
    position: 'above',
    text: `Всё получилось.\n\n25.11.2026, 10:00, пользователь Studio Kontakt <\nkontakt@studio.pl> написал:\n${Q}`,
    answer: 'Всё получилось.',
  },
  // K-9 Mail / FairEmail (Android).
  {
    client: 'K-9 Mail',
    language: 'English',
    position: 'above',
    text: `Yes, that one.\n\nOn November 25, 2026 10:00:00 AM GMT+01:00, Studio Kontakt <kontakt@studio.pl> wrote:\n${Q}\n-- \nSent from my Android device with K-9 Mail.`,
    answer: 'Yes, that one.',
  },
  {
    client: 'FairEmail',
    language: 'Polish',
    position: 'below',
    text: `25 lis 2026 10:00:00 Studio Kontakt <kontakt@studio.pl>:\n${Q}\n\nOk, czekam.\n`,
    answer: 'Ok, czekam.',
  },
  {
    client: 'FairEmail',
    language: 'Czech',
    position: 'above',
    text: `Ano.\n\nDne 25. 11. 2026 10:00 uživatel Studio Kontakt <kontakt@studio.pl> napsal:\n${Q}`,
    answer: 'Ano.',
  },
  // Yahoo and Proton.
  {
    client: 'Yahoo Mail',
    language: 'English',
    position: 'above',
    text: `Thanks!\n\nSent from Yahoo Mail on Android\n\n  On Wed, Nov 25, 2026 at 10:00, Studio Kontakt<kontakt@studio.pl> wrote:\n\n${Q}`,
    answer: 'Thanks!',
  },
  {
    client: 'Yahoo Mail',
    language: 'Spanish',
    position: 'above',
    text: `Perfecto.\n\nEl miércoles, 25 de noviembre de 2026, 10:00:00 CET, Studio Kontakt <kontakt@studio.pl> escribió:\n\n${Q}`,
    answer: 'Perfecto.',
  },
  {
    client: 'Proton Mail',
    language: 'English',
    position: 'above',
    text: `Confirmed.\n\nSent with Proton Mail secure email.\n\nOn Wednesday, November 25th, 2026 at 10:00, Studio Kontakt <kontakt@studio.pl> wrote:\n\n${Q}`,
    answer: 'Confirmed.',
  },
  {
    client: 'Proton Mail',
    language: 'Italian',
    position: 'below',
    text: `Il mercoledì 25 novembre 2026 alle 10:00, Studio Kontakt <kontakt@studio.pl> ha scritto:\n\n${Q}\n\nVa bene, grazie.`,
    answer: 'Va bene, grazie.',
  },
  {
    client: 'Thunderbird',
    language: 'Dutch',
    position: 'below',
    text: `Op 25-11-2026 om 10:00 schreef Studio Kontakt:\n${Q}\n\nPrima.\n`,
    answer: 'Prima.',
  },
  {
    client: 'Thunderbird',
    language: 'Portuguese',
    position: 'below',
    text: `Em 25/11/2026 10:00, Studio Kontakt escreveu:\n${Q}\n\nCerto.\n`,
    answer: 'Certo.',
  },
  {
    client: 'Thunderbird',
    language: 'French',
    position: 'between',
    text: 'Le 25/11/2026 à 10:00, Studio Kontakt a écrit :\n> Quel navigateur ?\nFirefox.\n> Quelle version ?\n140.\n',
    answer: 'Firefox.\n\n140.',
  },
  {
    client: 'Thunderbird',
    language: 'Ukrainian',
    position: 'below',
    text: `25.11.2026 10:00, Studio Kontakt написав:\n${Q}\n\nДобре.\n`,
    answer: 'Добре.',
  },
  // Where the answer cannot be told from the quotation, the whole text stays.
  {
    client: 'any',
    language: 'Polish',
    position: 'none',
    text: '> Sam cytat, bez odpowiedzi\n> druga linia',
    answer: '> Sam cytat, bez odpowiedzi\n> druga linia',
  },
  {
    client: 'any',
    language: 'Polish',
    position: 'none',
    text: 'Kolega napisał wczoraj, że działa.\nOn the other hand: nie działa u mnie.',
    answer: 'Kolega napisał wczoraj, że działa.\nOn the other hand: nie działa u mnie.',
  },
  {
    client: 'Gmail web',
    language: 'Polish',
    position: 'none',
    text: 'Przesyłam dalej, proszę zobaczyć.\n\n---------- Forwarded message ---------\nOd: Bank <powiadomienia@bank.example>\nDate: śr., 25 lis 2026 o 09:00\nSubject: Płatność odrzucona\nTo: <anna@example.pl>\n\nPłatność 120 zł została odrzucona.\n',
    answer:
      'Przesyłam dalej, proszę zobaczyć.\n\n---------- Forwarded message ---------\nOd: Bank <powiadomienia@bank.example>\nDate: śr., 25 lis 2026 o 09:00\nSubject: Płatność odrzucona\nTo: <anna@example.pl>\n\nPłatność 120 zł została odrzucona.',
  },
];
