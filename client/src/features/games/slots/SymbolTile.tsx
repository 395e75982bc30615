import type { SlotSymbol } from '../../../../../server/src/domain/games/slots/rules';
import { SLOT_SYMBOL_NAMES } from '../../../../../server/src/domain/games/slots/rules';

/** Card letters in their own colours; the high symbols and the specials are drawn. */
const LETTER_COLOURS: Partial<Record<SlotSymbol, [string, string]>> = {
  J: ['#4dabf7', '#1864ab'],
  Q: ['#b197fc', '#5f3dc4'],
  K: ['#69db7c', '#2b8a3e'],
  A: ['#ffa94d', '#d9480f'],
};

function Letter({ symbol }: { symbol: SlotSymbol }) {
  const [light, dark] = LETTER_COLOURS[symbol]!;
  return (
    <text
      x="50"
      y="71"
      textAnchor="middle"
      fontSize="62"
      fontWeight="900"
      fontFamily="Georgia, 'Times New Roman', serif"
      fill={light}
      stroke={dark}
      strokeWidth="3"
      paintOrder="stroke"
    >
      {symbol}
    </text>
  );
}

const DRAWN: Partial<Record<SlotSymbol, () => React.ReactElement>> = {
  G: () => (
    <g>
      <polygon
        points="50,88 14,40 28,20 72,20 86,40"
        fill="#3bc9db"
        stroke="#0b7285"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <polygon
        points="28,20 40,40 50,20 60,40 72,20"
        fill="#99e9f2"
        stroke="#0b7285"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <polyline points="14,40 86,40" stroke="#0b7285" strokeWidth="2" fill="none" />
      <polyline points="40,40 50,88 60,40" stroke="#0b7285" strokeWidth="2" fill="none" />
    </g>
  ),
  B: () => (
    <g>
      <path
        d="M50 14 C30 14 26 34 26 50 C26 62 20 68 14 74 L86 74 C80 68 74 62 74 50 C74 34 70 14 50 14 Z"
        fill="#ffd43b"
        stroke="#e67700"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <circle cx="50" cy="82" r="8" fill="#e67700" />
      <path d="M38 26 C34 34 33 42 33 50" stroke="#fff3bf" strokeWidth="4" fill="none" strokeLinecap="round" />
    </g>
  ),
  7: () => (
    <text
      x="50"
      y="78"
      textAnchor="middle"
      fontSize="78"
      fontWeight="900"
      fontFamily="Impact, 'Arial Black', sans-serif"
      fill="#fa5252"
      stroke="#7a0d0d"
      strokeWidth="4"
      paintOrder="stroke"
    >
      7
    </text>
  ),
  W: () => (
    <g>
      <rect x="6" y="24" width="88" height="52" rx="10" fill="#fab005" stroke="#a35f00" strokeWidth="3" />
      <text
        x="50"
        y="61"
        textAnchor="middle"
        fontSize="30"
        fontWeight="900"
        fontFamily="'Arial Black', Impact, sans-serif"
        fill="#fff"
        stroke="#a35f00"
        strokeWidth="2"
        paintOrder="stroke"
      >
        WILD
      </text>
    </g>
  ),
  S: () => (
    <g>
      <circle cx="50" cy="46" r="36" fill="#e64980" stroke="#862e9c" strokeWidth="3" />
      <polygon
        points="50,18 58,38 80,38 62,51 69,72 50,59 31,72 38,51 20,38 42,38"
        fill="#fff3bf"
        stroke="#862e9c"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <text
        x="50"
        y="95"
        textAnchor="middle"
        fontSize="15"
        fontWeight="900"
        fontFamily="'Arial Black', sans-serif"
        fill="#fff"
        stroke="#862e9c"
        strokeWidth="3"
        paintOrder="stroke"
      >
        SCATTER
      </text>
    </g>
  ),
};

/** One symbol drawn in a 100 x 100 box, named for screen readers. */
export function SymbolTile({ symbol, className }: { symbol: SlotSymbol; className?: string }) {
  const Drawn = DRAWN[symbol];
  return (
    <svg
      viewBox="0 0 100 100"
      className={className}
      role="img"
      aria-label={SLOT_SYMBOL_NAMES[symbol]}
      data-symbol={symbol}
    >
      {Drawn ? <Drawn /> : <Letter symbol={symbol} />}
    </svg>
  );
}
