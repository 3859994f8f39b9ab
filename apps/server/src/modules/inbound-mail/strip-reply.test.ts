import { describe, expect, it } from 'vitest';
import { htmlToText } from './mail-html';
import { stripReply } from './strip-reply';

const quote = '> Dzień dobry,\n> w zgłoszeniu #3 czeka nowa wiadomość.\n>\n> Otwórz zgłoszenie';

describe('stripReply: quoting of the common mail programs', () => {
  it('Gmail (English), the attribution wrapped over two lines', () => {
    const text = `Dziękuję, działa! 🎉\n\nOn Wed, Nov 25, 2026 at 10:00 AM Studio Kontakt <\nkontakt@studio.pl> wrote:\n\n${quote}\n`;
    expect(stripReply(text)).toBe('Dziękuję, działa! 🎉');
  });

  it('Gmail (Polish): „… napisał(a):”, also wrapped', () => {
    expect(
      stripReply(
        `Zażółć gęślą jaźń.\n\nśr., 25 lis 2026 o 10:00 Studio <kontakt@studio.pl> napisał(a):\n${quote}`,
      ),
    ).toBe('Zażółć gęślą jaźń.');
    expect(
      stripReply(
        `Tak.\n\nśr., 25 lis 2026 o 10:00 Studio Kontakt <\nkontakt@studio.pl> napisał(a):\n${quote}`,
      ),
    ).toBe('Tak.');
  });

  it('Thunderbird (Polish „W dniu … pisze:” and English)', () => {
    expect(
      stripReply(`Nowe dane w załączniku.\n\nW dniu 25.11.2026 o 10:00, Studio pisze:\n${quote}`),
    ).toBe('Nowe dane w załączniku.');
    expect(stripReply(`Fine.\n\nOn 25/11/2026 10:00, Studio wrote:\n${quote}`)).toBe('Fine.');
  });

  it('Apple Mail (English and Polish)', () => {
    expect(
      stripReply(
        `Ok\n\nSent from my iPhone\n\n> On 25 Nov 2026, at 10:00, Studio <k@s.pl> wrote:\n${quote}`,
      ),
    ).toBe('Ok');
    expect(
      stripReply(
        `Proszę o fakturę.\n\nWiadomość napisana przez Studio <k@s.pl> w dniu 25.11.2026, o godz. 10:00:\n\n${quote}`,
      ),
    ).toBe('Proszę o fakturę.');
  });

  it('Outlook: the header block (English and Polish) and the separator lines', () => {
    expect(
      stripReply(
        'Przesyłam logi.\r\n\r\n________________________________\r\nFrom: Studio <k@s.pl>\r\nSent: Wednesday, November 25, 2026 10:00\r\nTo: Ann\r\nSubject: Re\r\n\r\nDzień dobry',
      ),
    ).toBe('Przesyłam logi.');
    expect(
      stripReply(
        'Dobrze.\n\nOd: Studio <k@s.pl>\nWysłano: środa, 25 listopada 2026 10:00\nDo: Anna\nTemat: x\n\nTreść',
      ),
    ).toBe('Dobrze.');
    expect(stripReply('Yes.\n\n-----Original Message-----\nFrom: x\n')).toBe('Yes.');
    expect(stripReply('Tak.\n\n-----Wiadomość oryginalna-----\nOd: x\n')).toBe('Tak.');
  });

  it('cuts a "-- " signature and a bare trailing quote, keeps text that only mentions these words', () => {
    expect(stripReply('Pozdrawiam serdecznie\n-- \nJan Kowalski\ntel. 600 000 000')).toBe(
      'Pozdrawiam serdecznie',
    );
    expect(stripReply(`Odpowiedź poniżej.\n\n${quote}`)).toBe('Odpowiedź poniżej.');
    const plain = 'Kolega napisał wczoraj, że działa.\nOn the other hand: nie działa u mnie.';
    expect(stripReply(plain)).toBe(plain);
    expect(stripReply('Wczoraj o 10:00 było ok.\nOn Monday it wrote: error 42')).toBe(
      'Wczoraj o 10:00 było ok.\nOn Monday it wrote: error 42',
    );
  });

  it('keeps an interleaved answer without the quotes around it', () => {
    expect(stripReply('> Czy działa?\nTak, działa.\n\n> Coś jeszcze?')).toBe('Tak, działa.');
  });

  it('keeps an answer written below the quotation (used to be reduced to nothing)', () => {
    expect(
      stripReply(`W dniu 25.11.2026 o 10:00, Studio pisze:\n${quote}\n\nOdpowiedź pod spodem.`),
    ).toBe('Odpowiedź pod spodem.');
  });

  it('a Russian attribution wrapped inside the address („… пользователь … <\\n…> написал:”) goes', () => {
    expect(
      stripReply(
        `Готово.\n\n25.11.2026, 10:00, пользователь Studio Kontakt <\nkontakt@studio.pl> написал:\n${quote}`,
      ),
    ).toBe('Готово.');
  });
});

describe('htmlToText: HTML-only mail', () => {
  it('drops Gmail, Thunderbird and Outlook history and flattens the markup', () => {
    expect(
      htmlToText(
        '<div dir="ltr">Dzięki &amp; do usłyszenia 😊<br>Anna</div><br><div class="gmail_quote"><div class="gmail_attr">On … wrote:</div><blockquote>stare</blockquote></div>',
      ),
    ).toBe('Dzięki & do usłyszenia 😊\nAnna');
    expect(
      htmlToText(
        '<p>Gotowe.</p><div class="moz-cite-prefix">W dniu … pisze:</div><blockquote type="cite">x</blockquote>',
      ),
    ).toBe('Gotowe.');
    expect(
      htmlToText(
        '<div>Zrobione&nbsp;&#8212; sprawdźcie.</div><hr><div id="divRplyFwdMsg"><b>Od:</b> Studio</div><div>stare</div>',
      ),
    ).toBe('Zrobione — sprawdźcie.');
    expect(htmlToText('<style>p{color:red}</style><p>A&lt;B</p>')).toBe('A<B');
  });
});
