import type { PageContent } from '@sthsm/contract/pages';

// The fee-payment steps of SPEC §2 (Parent portal guidelines), as numbered steps.

export const parentPortal: PageContent<'parent-portal'> = {
  description:
    'How to pay school fees online on the St. Thomas parent portal and in the mobile app, download fee receipts, and reach the parent help desk.',
  lead: 'Fees can be paid online at any time through the parent portal or the mobile app. Use the user name and password given to you by the school office.',
  webSteps: [
    'Log in to the parent portal with your user name and password.',
    'Click Pay Online.',
    'Select the installment you want to pay.',
    'Click Proceed to Pay.',
    'Check the amount and click Pay now.',
    'Choose a payment mode and complete the payment.',
  ],
  paymentModes: ['Debit or credit cards', 'Internet banking', 'UPI / QR code', 'Wallet'],
  receipts: 'After the payment, download your receipts free of charge from the Fee section of the portal.',
  appIntro: 'The same steps work in the mobile app:',
  appSteps: [
    'Install the app and open it.',
    'Enter the school code: {schoolCode}.',
    'Log in with your user name and password.',
    'Tap the Fees icon.',
    'Select the installment, tap Proceed to Pay and then Pay now.',
    'Choose a payment mode: debit or credit card, internet banking, UPI / QR code or wallet.',
    'Download your free receipts from the Fee section.',
  ],
  helpDesk: 'Need help? The parent help desk answers calls and e-mails every day',
};
