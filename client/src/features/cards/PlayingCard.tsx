import { cardLabel, isRed, rankName, type Card } from '../../../../server/src/domain/games/shared/cards';
import classes from './PlayingCard.module.css';

export interface PlayingCardProps {
  /** The card (0-51, as the API sends it); absent for a card still face down (the dealer's hole card). */
  card?: Card;
  /** Width in px; the height follows (5:7). */
  width?: number;
  /** A ring around the card: a winning or a losing card. */
  mark?: 'win' | 'loss';
}

/** One card as every card game draws it, from the deck order of FAIRNESS.md (shared by blackjack, hilo, baccarat). */
export function PlayingCard({ card, width = 64, mark }: PlayingCardProps) {
  const style = { '--card-width': `${width}px` } as React.CSSProperties;
  const ring = mark === 'win' ? classes.highlight : mark === 'loss' ? classes.lost : '';
  if (card === undefined)
    return (
      <span
        className={`${classes.card} ${classes.back} ${ring}`}
        style={style}
        role="img"
        aria-label="Face-down card"
      />
    );
  const label = cardLabel(card);
  const suit = label.slice(0, 1);
  return (
    <span
      className={`${classes.card} ${isRed(card) ? classes.red : ''} ${ring}`}
      style={style}
      role="img"
      aria-label={label}
      data-card={card}
    >
      <span className={classes.corner}>{rankName(card)}</span>
      <span className={classes.pip}>{suit}</span>
    </span>
  );
}
