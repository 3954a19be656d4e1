import { FeatureCard, IntroHeading } from '../../ui';

/** The left panel of login and signup: the intro heading and the three promises of spec 1 §1. */
export function FeaturePanel({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <section className="feature-panel">
      <IntroHeading title={title} subtitle={subtitle} />
      <div className="feature-list">
        <FeatureCard
          icon="workflow"
          title="Drag-and-drop workflows"
          text="Connect steps and automate decisions without writing a line of code."
        />
        <FeatureCard
          icon="clock"
          title="Always-on answers"
          text="Your bots answer customer queries around the clock, every day of the year."
        />
        <FeatureCard
          icon="chart"
          title="Real-time metrics"
          text="Monitor and tune bot performance with live numbers as conversations happen."
        />
      </div>
    </section>
  );
}
