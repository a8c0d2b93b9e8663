import { useI18n } from '../../i18n/i18n';
import { isoDay } from '../../lib/dates';
import { ApiImage } from '../api-image';
import { TopperPhoto, TopperResult } from '../topper-parts';
import type { HomeBirthday, HomeEvent, HomeTopper } from './data';
import { SchoolText } from '../english-note';

// The cards inside the home page's carousels, each with SPEC §8's placeholder when there is no data.

const EVENT_SIZES = '(min-width: 1232px) 390px, (min-width: 992px) 31vw, (min-width: 600px) 47vw, 92vw';

export function EventCard({ event }: { event: HomeEvent }) {
  const { longDate, contentLang, textLang, textDir, contentDir } = useI18n();
  return (
    <article className="home-card event-card">
      {event.image ? (
        <ApiImage src={event.image} width={640} height={400} sizes={EVENT_SIZES} alt="" className="home-card__image" />
      ) : (
        <div className="home-card__image home-card__image--blank" aria-hidden="true" />
      )}
      <div className="home-card__body">
        {event.date ? (
          <time className="event-card__date" dateTime={isoDay(event.date)}>
            {longDate(event.date)}
          </time>
        ) : null}
        <h3 lang={textLang(event.lang)} dir={textDir(event.lang)}>
          {event.title}
        </h3>
        {event.description ? (
          <p className="home-card__text" lang={textLang(event.lang)} dir={textDir(event.lang)}>
            {event.description}
          </p>
        ) : null}
        {event.place || event.time ? (
          <p className="event-card__meta">
            {event.place ? (
              <span lang={textLang(event.lang)} dir={textDir(event.lang)}>
                {event.place}
              </span>
            ) : null}
            {event.time ? (
              <span lang={contentLang} dir={contentDir}>
                {event.time}
              </span>
            ) : null}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/** SPEC §8: the sample event shown when there are no upcoming events. */
export function EventPlaceholder() {
  const { t } = useI18n();
  return (
    <article className="home-card event-card event-card--placeholder">
      <div className="home-card__image home-card__image--blank" aria-hidden="true" />
      <div className="home-card__body">
        <h3>{t('media.home.eventTitle')}</h3>
        <p className="home-card__text">{t('media.home.stayTuned')}</p>
      </div>
    </article>
  );
}

export function TopperCard({
  topper,
  placeholder,
}: {
  topper: Pick<HomeTopper, 'name' | 'stream' | 'division' | 'sessionYear' | 'image'>;
  /** The sample card: its name is ours, not the school's. */
  placeholder?: boolean;
}) {
  const { t, contentLang, contentDir } = useI18n();
  return (
    <article className="home-card topper-card">
      <TopperPhoto
        photo={topper.image}
        width={320}
        height={320}
        maxWidth={320}
        sizes="96px"
        alt={t('media.home.photoOf', { name: topper.name })}
      />
      <div className="home-card__body">
        <h4 lang={placeholder ? undefined : contentLang} dir={placeholder ? undefined : contentDir}>
          {topper.name}
        </h4>
        <TopperResult stream={topper.stream} division={topper.division} />
        {topper.sessionYear ? <p className="topper-card__session">{t('media.home.session', { year: topper.sessionYear })}</p> : null}
      </div>
    </article>
  );
}

/** SPEC §8: "100% toppers" — a sample topper card shown when a class has none. */
export function TopperPlaceholder() {
  const { t } = useI18n();
  return (
    <TopperCard placeholder topper={{ name: t('media.home.studentName'), stream: '', division: '100%', sessionYear: '', image: null }} />
  );
}

export function BirthdayCard({
  birthday,
  placeholder,
}: {
  birthday: Pick<HomeBirthday, 'name' | 'className' | 'image'>;
  /** The sample card: its name is ours, not the school's. */
  placeholder?: boolean;
}) {
  const { t, rich, contentLang, contentDir } = useI18n();
  return (
    <article className="home-card birthday-card">
      {birthday.image ? (
        <ApiImage
          src={birthday.image}
          width={160}
          height={160}
          sizes="96px"
          maxWidth={320}
          alt={contentLang && !placeholder ? birthday.name : t('media.home.photoOf', { name: birthday.name })}
          lang={placeholder ? undefined : contentLang}
          className="birthday-card__photo"
        />
      ) : (
        <div className="birthday-card__photo birthday-card__photo--blank" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="40" height="40">
            <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0z" />
          </svg>
        </div>
      )}
      <h3 lang={placeholder ? undefined : contentLang} dir={placeholder ? undefined : contentDir}>
        {birthday.name}
      </h3>
      {birthday.className ? <p>{rich('media.home.class', { name: <SchoolText>{birthday.className}</SchoolText> })}</p> : null}
    </article>
  );
}

/** SPEC §8: the 'Student Name' birthday card. */
export function BirthdayPlaceholder() {
  const { t } = useI18n();
  return <BirthdayCard placeholder birthday={{ name: t('media.home.studentName'), className: '', image: null }} />;
}
