/** The demo slot's page: what the operator's frame shows. Plain HTML and a few lines of script, no build. */
export function slotPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference Demo Slot</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #14121f; color: #f4f1ff; display: flex; min-height: 100vh; align-items: center; justify-content: center; }
  main { width: min(560px, 94vw); text-align: center; }
  h1 { font-size: 18px; font-weight: 600; margin: 0 0 4px; }
  .note { font-size: 12px; color: #a49fc0; margin: 0 0 16px; }
  .reels { display: grid; grid-template-columns: repeat(3, 1fr); gap: 10px; margin: 0 0 16px; }
  .reel { background: #221e36; border: 2px solid #3a3360; border-radius: 12px; padding: 26px 0; font-size: 26px; font-weight: 700; letter-spacing: 1px; }
  .win .reel { border-color: #f5c542; }
  .row { display: flex; gap: 10px; justify-content: center; align-items: center; flex-wrap: wrap; }
  select, button { font: inherit; border-radius: 8px; border: 0; padding: 10px 16px; }
  button { background: #7c5cff; color: white; font-weight: 700; min-width: 120px; cursor: pointer; }
  button:disabled { opacity: .5; cursor: default; }
  .status { margin-top: 14px; min-height: 22px; font-size: 14px; }
</style>
</head>
<body>
<main>
  <h1>Reference Demo Slot</h1>
  <p class="note">Reference provider of the platform's seamless-wallet API (a demo, RTP 96%)</p>
  <div class="reels" id="reels"><div class="reel">7</div><div class="reel">BELL</div><div class="reel">STAR</div></div>
  <div class="row">
    <label>Bet <select id="bet"><option>0.1</option><option selected>1</option><option>5</option><option>10</option></select></label>
    <button id="spin" data-testid="reference-spin">Spin</button>
  </div>
  <div class="status"><span id="balance" data-testid="reference-balance">Balance: …</span> <span id="result" data-testid="reference-result"></span></div>
</main>
<script>
  const params = new URLSearchParams(location.search);
  const token = params.get('token');
  const currency = params.get('currency') || 'USD';
  const $ = (id) => document.getElementById(id);
  const showBalance = (body) => { if (body.balance !== undefined) $('balance').textContent = 'Balance: ' + body.balance + ' ' + (body.currency || currency); };
  fetch('/api/balance', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) })
    .then((r) => r.json()).then(showBalance);
  $('spin').addEventListener('click', async () => {
    $('spin').disabled = true;
    $('result').textContent = '';
    try {
      const r = await fetch('/api/spin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token, currency, bet: $('bet').value }) });
      const body = await r.json();
      if (body.reels) {
        $('reels').innerHTML = body.reels.map((s) => '<div class="reel">' + s + '</div>').join('');
        $('reels').className = 'reels' + (body.win !== '0' ? ' win' : '');
      }
      $('result').textContent = body.error ? body.error : body.win !== '0' ? 'Win ' + body.win : 'No win';
      showBalance(body);
    } finally {
      $('spin').disabled = false;
    }
  });
</script>
</body>
</html>`;
}

export const THUMBNAIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7c5cff"/><stop offset="1" stop-color="#2b1d6b"/></linearGradient></defs>
<rect width="320" height="240" rx="20" fill="url(#g)"/>
<g font-family="system-ui, sans-serif" font-weight="800" fill="#fff" text-anchor="middle">
<rect x="40" y="70" width="70" height="90" rx="10" fill="#14121f"/><text x="75" y="130" font-size="40" fill="#f5c542">7</text>
<rect x="125" y="70" width="70" height="90" rx="10" fill="#14121f"/><text x="160" y="130" font-size="40" fill="#f5c542">7</text>
<rect x="210" y="70" width="70" height="90" rx="10" fill="#14121f"/><text x="245" y="130" font-size="40" fill="#f5c542">7</text>
<text x="160" y="205" font-size="20">DEMO SLOT</text></g></svg>`;
