// An image carousel: a scroll-snapped strip with previous / next buttons.
import { useRef } from 'react';
import { Icon } from './icons';

export function Carousel({ images, title }: { images: string[]; title: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const move = (direction: 1 | -1) => {
    const element = strip.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className="carousel" aria-label={title || 'Images'}>
      <div className="strip" ref={strip}>
        {images.map((src, index) => (
          <a key={`${src}-${index}`} href={src} target="_blank" rel="noopener noreferrer">
            <img src={src} alt={`${title || 'Image'} ${index + 1}`} loading="lazy" />
          </a>
        ))}
      </div>
      {images.length > 1 && (
        <>
          <button type="button" className="nav prev" aria-label="Previous image" onClick={() => move(-1)}>
            <Icon name="prev" />
          </button>
          <button type="button" className="nav next" aria-label="Next image" onClick={() => move(1)}>
            <Icon name="next" />
          </button>
        </>
      )}
    </div>
  );
}
