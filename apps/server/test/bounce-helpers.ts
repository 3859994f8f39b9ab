/**
 * Delivery-status reports (RFC 3464) as real mail servers write them, for the
 * bounce tests: samples written by hand after Postfix's and Exchange Online's.
 */

export interface BounceOptions {
  /** The address the report says failed. */
  recipient: string;
  /** The Message-ID of the returned original. */
  messageId: string;
  action?: 'failed' | 'delayed';
  status?: string;
}

const crlf = (text: string) => Buffer.from(text.replaceAll('\n', '\r\n'));

/** Postfix: from MAILER-DAEMON, empty Return-Path, the original's headers as text/rfc822-headers. */
export function postfixBounce(o: BounceOptions): Buffer {
  const action = o.action ?? 'failed';
  const status = o.status ?? (action === 'failed' ? '5.1.1' : '4.4.1');
  const n = Math.random().toString(36).slice(2, 10);
  return crlf(`Return-Path: <>
Received: by mx.example.net (Postfix) id 4F1A2B3C4D; Wed, 25 Nov 2026 10:01:02 +0100 (CET)
Date: Wed, 25 Nov 2026 10:01:02 +0100 (CET)
From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: kontakt@studio.test
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="4F1A2B3C4D.${n}/mx.example.net"
Content-Transfer-Encoding: 8bit
Message-Id: <20261125090102.4F1A2B3C4D.${n}@mx.example.net>

This is a MIME-encapsulated message.

--4F1A2B3C4D.${n}/mx.example.net
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mx.example.net.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

<${o.recipient}>: host mail.example.com[203.0.113.7] said: 550 5.1.1
    <${o.recipient}>: Recipient address rejected: User unknown

--4F1A2B3C4D.${n}/mx.example.net
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
X-Postfix-Queue-ID: 4F1A2B3C4D
X-Postfix-Sender: rfc822; noreply@studio.test
Arrival-Date: Wed, 25 Nov 2026 10:01:00 +0100 (CET)

Final-Recipient: rfc822; ${o.recipient}
Original-Recipient: rfc822;${o.recipient}
Action: ${action}
Status: ${status}
Remote-MTA: dns; mail.example.com
Diagnostic-Code: smtp; 550 5.1.1 <${o.recipient}>: Recipient address
    rejected: User unknown

--4F1A2B3C4D.${n}/mx.example.net
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <noreply@studio.test>
From: Studio <noreply@studio.test>
To: ${o.recipient}
Subject: =?UTF-8?Q?Nowa_odpowied=C5=BA_w_zg=C5=82oszeniu_=231?=
Message-ID: ${o.messageId}
Auto-Submitted: auto-generated
Date: Wed, 25 Nov 2026 10:00:59 +0100

--4F1A2B3C4D.${n}/mx.example.net--
`);
}

/** Exchange Online: HTML notice, CRLF, the whole original as message/rfc822, no Original-Recipient. */
export function exchangeBounce(o: BounceOptions): Buffer {
  const action = o.action ?? 'failed';
  const status = o.status ?? (action === 'failed' ? '5.1.10' : '4.4.7');
  const n = Math.random().toString(36).slice(2, 10);
  return crlf(`From: Microsoft Outlook <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@contoso.onmicrosoft.com>
To: <kontakt@studio.test>
Date: Wed, 25 Nov 2026 09:01:02 +0000
Content-Type: multipart/report; report-type="delivery-status";
\tboundary="b_${n}_"
Content-Language: pl-PL
Message-ID: <${n}@DM6PR01MB1234.namprd01.prod.exchangelabs.com>
In-Reply-To: ${o.messageId}
References: ${o.messageId}
Subject: =?utf-8?B?TmllZG9zdGFyY3pvbmU6IE5vd2Egb2Rwb3dpZWTFug==?=
Auto-Submitted: auto-replied
X-MS-Exchange-Message-Is-Ndr:
X-MS-PublicTrafficType: Email
MIME-Version: 1.0

--b_${n}_
Content-Type: multipart/alternative; differences=Content-Type;
\tboundary="alt_${n}_"

--alt_${n}_
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: base64

${Buffer.from(`Nie można dostarczyć wiadomości do ${o.recipient}.`).toString('base64')}

--alt_${n}_
Content-Type: text/html; charset="utf-8"
Content-Transfer-Encoding: quoted-printable

<html><body><p>Nie mo=C5=BCna dostarczy=C4=87 wiadomo=C5=9Bci.</p></body></html>

--alt_${n}_--

--b_${n}_
Content-Type: message/delivery-status

Reporting-MTA: dns;DM6PR01MB1234.namprd01.prod.exchangelabs.com
Received-From-MTA: dns;mail.studio.test
Arrival-Date: Wed, 25 Nov 2026 09:01:00 +0000

Final-Recipient: rfc822;${o.recipient}
Action: ${action}
Status: ${status}
Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not
 found by SMTP address lookup
Remote-MTA: dns;DM6PR01MB1234.namprd01.prod.exchangelabs.com
X-Display-Name: ${o.recipient}

--b_${n}_
Content-Type: message/rfc822

From: Studio <noreply@studio.test>
To: ${o.recipient}
Subject: =?UTF-8?Q?Nowa_odpowied=C5=BA?=
Message-ID: ${o.messageId}
Auto-Submitted: auto-generated
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

W Twoim zgłoszeniu #1 czeka 1 nowa wiadomość od naszego zespołu.

--b_${n}_--
`);
}
