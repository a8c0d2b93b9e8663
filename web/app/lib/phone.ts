// Telephone links for numbers as printed ("+91 00000 00101").

/** The number for a tel: link: its digits, with the leading + kept ("+910000000101"). */
export function telOf(number: string): string {
  const digits = number.replace(/\D/g, '');
  return number.trim().startsWith('+') ? `+${digits}` : digits;
}

/** A WhatsApp chat link: wa.me takes the number in international form, digits only. */
export function whatsappUrl(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}
