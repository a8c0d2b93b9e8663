// The home page's moving parts without React (docs/decisions/0078): the carousels (Swiper, loaded
// when each comes near the screen), the news ticker and the notification modal, run by the same
// controllers the components use (components/carousel-controller.ts, components/home/*-controller.ts)
// on the server-rendered markup. Before this deferred module runs, the strips scroll natively, the
// ticker stands still and the Notices button and the modal work by the browser alone.
import { mountCarousel } from '../components/carousel-controller';
import { mountNotices } from '../components/home/notice-controller';
import { mountTicker } from '../components/home/ticker-controller';

for (const dialog of Array.from(document.querySelectorAll<HTMLDialogElement>('dialog.notice-dialog'))) mountNotices(dialog);
for (const ticker of Array.from(document.querySelectorAll<HTMLElement>('.news-ticker'))) mountTicker(ticker);
for (const carousel of Array.from(document.querySelectorAll<HTMLElement>('section.carousel[data-carousel]'))) mountCarousel(carousel);
