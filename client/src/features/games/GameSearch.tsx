import { Combobox, TextInput, useCombobox } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { gamePath, searchGames, useSearchableGames } from './use-game-catalogue';

const MAX_SUGGESTIONS = 8;

/** The top bar's game search: suggestions from the catalogue (choosing one opens the game), Enter opens the full results. */
export function GameSearch() {
  const navigate = useNavigate();
  const games = useSearchableGames();
  const [query, setQuery] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const matches = searchGames(games, query).slice(0, MAX_SUGGESTIONS);
  const trimmed = query.trim();

  function openResults(q: string) {
    combobox.closeDropdown();
    void navigate({ to: '/games', search: { q } });
  }

  /** A chosen suggestion opens that game's page. */
  function openGame(id: string) {
    const game = games.find((candidate) => candidate.id === id);
    combobox.closeDropdown();
    if (!game) return openResults(trimmed);
    setQuery('');
    void navigate({ to: gamePath(game) });
  }

  return (
    <Combobox store={combobox} onOptionSubmit={openGame} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          type="search"
          aria-label="Search games"
          placeholder="Search games"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => trimmed && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter with no highlighted suggestion searches the whole catalogue.
            if (event.key === 'Enter' && trimmed && combobox.getSelectedOptionIndex() === -1) {
              event.preventDefault();
              openResults(trimmed);
            }
          }}
          w="100%"
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!trimmed}>
        <Combobox.Options aria-label="Matching games">
          {matches.map((game) => (
            <Combobox.Option value={game.id} key={game.id}>
              {game.name}
            </Combobox.Option>
          ))}
          {matches.length === 0 ? <Combobox.Empty>No games match “{trimmed}”</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
