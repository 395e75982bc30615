import { ActionIcon } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useFavourites } from './favourites';

/** The star that adds a game to the player's favourites or takes it off. */
export function FavouriteStar({ slug, name, size = 'md' }: { slug: string; name: string; size?: 'sm' | 'md' }) {
  const { isFavourite, setFavourite } = useFavourites();
  const on = isFavourite(slug);
  return (
    <ActionIcon
      variant="subtle"
      color={on ? 'yellow' : 'gray'}
      size={size === 'sm' ? 'md' : 'lg'}
      onClick={(event) => {
        // On a tile the star sits over the game's link: starring must not open the game.
        event.preventDefault();
        event.stopPropagation();
        setFavourite(slug, !on);
      }}
      aria-label={on ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
      aria-pressed={on}
      data-testid="favourite-star"
    >
      {on ? (
        <IconStarFilled size={size === 'sm' ? 16 : 20} aria-hidden />
      ) : (
        <IconStar size={size === 'sm' ? 16 : 20} aria-hidden />
      )}
    </ActionIcon>
  );
}
