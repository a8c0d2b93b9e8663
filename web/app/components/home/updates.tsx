import { Link } from 'react-router';
import { useI18n } from '../../i18n/i18n';
import { Carousel } from '../carousel';
import { ApiImage } from '../api-image';
import { BirthdayCard, BirthdayPlaceholder, EventCard, EventPlaceholder, TopperCard, TopperPlaceholder } from './cards';
import type { HomeBirthday, HomeEvent, HomeNewsItem, HomeTopper } from './data';
import { BIRTHDAYS_PER_VIEW, EVENTS_PER_VIEW, TOPPERS_PER_VIEW } from './motion';
import { NewsTicker } from './news-ticker';
import { SchoolText } from '../english-note';
import { SectionHead } from './section-head';

export interface HomePrincipalMessage {
  id: string;
  /** Sanitized on the server (sanitizeRichText). */
  html: string;
  image: string | null;
  /** The message's language when the school translated it (the API's `lang`). */
  lang?: string | undefined;
}

export function LatestNews({ news }: { news: HomeNewsItem[] }) {
  const { t } = useI18n();
  return (
    <section className="home-section home-news" aria-labelledby="home-news">
      <div className="container">
        <SectionHead id="home-news" title={t('media.home.latestNews')} link={{ to: '/news', label: t('media.home.allNews') }} />
        <NewsTicker items={news} />
      </div>
    </section>
  );
}

export function EventsSection({ events }: { events: HomeEvent[] }) {
  const { t } = useI18n();
  return (
    <section className="home-section home-events" aria-labelledby="home-events">
      <div className="container">
        <SectionHead id="home-events" title={t('media.home.events')} link={{ to: '/events', label: t('media.home.allEvents') }} />
        <Carousel label={t('media.home.upcomingEvents')} perView={EVENTS_PER_VIEW} className="home-events__carousel">
          {events.length > 0 ? events.map((e) => <EventCard key={e.id} event={e} />) : [<EventPlaceholder key="placeholder" />]}
        </Carousel>
      </div>
    </section>
  );
}

/** SPEC §8: with no message the section shows nothing but its heading and link (`readMore`: the page is published). */
export function PrincipalSection({
  messages,
  principalName,
  readMore = true,
}: {
  messages: HomePrincipalMessage[];
  principalName: string;
  readMore?: boolean;
}) {
  const { t, rich, contentLang, textLang, textDir } = useI18n();
  return (
    <section className="home-section home-principal" aria-labelledby="home-principal">
      <div className="container">
        <SectionHead
          id="home-principal"
          title={t('media.home.principal')}
          {...(readMore ? { link: { to: '/principal-message', label: t('media.home.principalLink') } } : {})}
        />
        {messages.length > 0 ? (
          <Carousel label={t('media.home.principalMessages')}>
            {messages.map((m) => (
              <article className="principal-slide" key={m.id}>
                {m.image ? (
                  <ApiImage
                    src={m.image}
                    width={480}
                    height={600}
                    maxWidth={640}
                    sizes="(min-width: 768px) 240px, 60vw"
                    alt={contentLang ? principalName : t('media.home.principalPortrait', { name: principalName })}
                    lang={contentLang}
                    className="principal-slide__photo"
                  />
                ) : null}
                <div className="principal-slide__text">
                  {/* Sanitized on the server with sanitizeRichText before it reaches the page. */}
                  <div
                    className="principal-slide__message"
                    lang={textLang(m.lang)}
                    dir={textDir(m.lang)}
                    dangerouslySetInnerHTML={{ __html: m.html }}
                  />
                  <p className="principal-slide__name">
                    {rich('media.home.principalName', { name: <SchoolText>{principalName}</SchoolText> })}
                  </p>
                </div>
              </article>
            ))}
          </Carousel>
        ) : null}
      </div>
    </section>
  );
}

export function BirthdaysSection({ birthdays }: { birthdays: HomeBirthday[] }) {
  const { t } = useI18n();
  return (
    <section className="home-section home-birthdays" aria-labelledby="home-birthdays">
      <div className="container">
        <SectionHead id="home-birthdays" kicker={t('media.home.birthdayKicker')} title={t('media.home.birthdays')} />
        <Carousel label={t('media.home.todaysBirthdays')} perView={BIRTHDAYS_PER_VIEW}>
          {birthdays.length > 0
            ? birthdays.map((b) => <BirthdayCard key={b.id} birthday={b} />)
            : [<BirthdayPlaceholder key="placeholder" />]}
        </Carousel>
      </div>
    </section>
  );
}

function ToppersColumn({
  id,
  title,
  label,
  toppers,
  link,
}: {
  id: string;
  title: string;
  label: string;
  toppers: HomeTopper[];
  link: { to: string; label: string };
}) {
  const { path } = useI18n();
  return (
    <div className="home-toppers__column">
      <div className="home-toppers__head">
        <h3 id={id}>{title}</h3>
        <Link className="home-section__link" to={path(link.to)} prefetch="intent">
          {link.label}
        </Link>
      </div>
      <Carousel label={label} perView={TOPPERS_PER_VIEW}>
        {toppers.length > 0 ? toppers.map((t) => <TopperCard key={t.id} topper={t} />) : [<TopperPlaceholder key="placeholder" />]}
      </Carousel>
    </div>
  );
}

export function ToppersSection({ x, xii }: { x: HomeTopper[]; xii: HomeTopper[] }) {
  const { t } = useI18n();
  return (
    <section className="home-section home-toppers" aria-labelledby="home-toppers">
      <div className="container">
        <SectionHead id="home-toppers" title={t('media.home.toppers')} />
        <div className="home-toppers__grid">
          <ToppersColumn
            id="home-toppers-x"
            title={t('media.home.toppersX')}
            label={t('media.home.toppersXLabel')}
            toppers={x}
            link={{ to: '/Toppers', label: t('media.home.toppersXLink') }}
          />
          <ToppersColumn
            id="home-toppers-xii"
            title={t('media.home.toppersXII')}
            label={t('media.home.toppersXIILabel')}
            toppers={xii}
            link={{ to: '/ToppersXII', label: t('media.home.toppersXIILink') }}
          />
        </div>
      </div>
    </section>
  );
}
