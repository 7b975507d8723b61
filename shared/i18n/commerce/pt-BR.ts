import type { CommerceTexts } from './types';

const texts: CommerceTexts = {
  stripeLocale: 'pt-BR',
  coinsLine: (coins) => `${coins} 5D Coins`,
  coinsRate: '1 USD = 1 Coin',
  planLine: (tier, planName) => `5D ${tier} — plano ${planName}`,
  planCoins: (coins) => `${coins} 5D Coins por mês`,
  laterMonths: (months, intro, regular) =>
    ` · ${intro} ${months === 1 ? 'no primeiro mês' : `nos ${months} primeiros meses`}, depois ${regular}/mês`,
  tierNames: {
    mp3: 'Licença MP3',
    wav: 'Licença WAV',
    trackout: 'Licença Trackout (stems)',
    exclusive: 'Exclusiva',
  },
  termLabels: {
    distribution_copies: 'Cópias distribuídas',
    audio_streams: 'Streams de áudio',
    music_videos: 'Videoclipes',
    radio_stations: 'Estações de rádio',
    live_performances: 'Apresentações ao vivo',
    credit_line: 'Crédito obrigatório',
  },
  unlimited: 'Ilimitado',
  livePerformances: (allowed) => (allowed ? 'Permitidas' : 'Não permitidas'),
  agreement: {
    title: 'CONTRATO DE LICENÇA DE USO DE BEAT',
    exclusiveRights: 'direitos exclusivos',
    nonExclusive: 'licença não exclusiva',
    documentTitle: (beat) => `Contrato de licença — ${beat}`,
    order: (id) => `Pedido: ${id}`,
    date: (when) => `Data: ${when}`,
    parties: 'PARTES',
    licensor: (name, id) => `Licenciante (produtor): ${name} (id ${id})`,
    licensee: (name, id) => `Licenciado (comprador): ${name} (id ${id})`,
    work: 'OBRA',
    beat: (title, id) => `Beat: "${title}" (id ${id})`,
    files: (list) => `Arquivos entregues: ${list}`,
    aiStems: 'stems separados por IA (separador DSP da 5D), não multitracks originais',
    price: 'PREÇO',
    listPrice: (amount) => `Preço da licença: ${amount}`,
    coupon: (code) => `Cupom aplicado: ${code}`,
    offer: (id) => `Oferta aceita: ${id}`,
    paid: (amount) => `Valor pago: ${amount}`,
    terms: 'TERMOS DE USO',
    conditions: 'CONDIÇÕES',
    exclusiveCondition:
      'O Licenciante concede ao Licenciado o direito exclusivo de uso do beat a partir desta data e se ' +
      'compromete a não vender novas licenças dele. As licenças não exclusivas vendidas antes desta data ' +
      'continuam válidas nos seus próprios termos.',
    nonExclusiveCondition:
      'Licença não exclusiva: o Licenciante pode licenciar o mesmo beat a terceiros. O Licenciado pode ' +
      'usar o beat em uma nova obra musical nos limites acima, com o crédito indicado. Os direitos ' +
      'autorais do beat permanecem com o Licenciante.',
    earlierLeases: 'LICENÇAS ANTERIORES QUE CONTINUAM VÁLIDAS',
    none: 'Nenhuma.',
    earlierLease: (tier, order, date) => `• ${tier} — pedido ${order} — ${date}`,
    footer: 'Documento gerado automaticamente pela 5D no momento da compra.',
  },
};

export default texts;
