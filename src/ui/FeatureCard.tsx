import { Icon, type IconName } from './icons';

/** One marketing promise: an icon, a short title and a sentence. */
export function FeatureCard({ icon, title, text }: { icon: IconName; title: string; text: string }) {
  return (
    <article className="feature-card">
      <span className="feature-card-icon">
        <Icon name={icon} size={22} />
      </span>
      <div>
        <h3 className="feature-card-title">{title}</h3>
        <p className="feature-card-text">{text}</p>
      </div>
    </article>
  );
}
