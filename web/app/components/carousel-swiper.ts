// The Swiper code the Carousel needs, in one module so that Carousel can load it with a dynamic
// import() after hydration: it stays out of the first-load bundle and never delays first paint.
export { default as Swiper } from 'swiper';
export { A11y, Autoplay, Pagination } from 'swiper/modules';
