/** Ready texts the composer offers (placeholders filled per recipient: see recipients.ts). Labels are i18n keys. */
export interface SmsTemplate {
  id: string;
  labelKey: string;
  text: string;
}

export const SMS_TEMPLATES: readonly SmsTemplate[] = [
  {
    id: "exam",
    labelKey: "sms.templates.exam",
    text: "{firstName}, გამოცდის განრიგი გამოქვეყნდა. იხილეთ uniadmin-ში.",
  },
  {
    id: "payment",
    labelKey: "sms.templates.payment",
    text: "{name}, გთხოვთ, დროულად დაფაროთ სწავლის საფასური.",
  },
  {
    id: "poll",
    labelKey: "sms.templates.poll",
    text: "{firstName}, გთხოვთ, შეავსოთ გამოკითხვა uniadmin-ში.",
  },
  {
    id: "event",
    labelKey: "sms.templates.event",
    text: "{firstName}, გიწვევთ უნივერსიტეტის ღონისძიებაზე. დეტალები uniadmin-ის კალენდარში.",
  },
];
