import type { CommerceTexts } from './types';

const texts: CommerceTexts = {
  stripeLocale: 'es',
  coinsLine: (coins) => `${coins} 5D Coins`,
  coinsRate: '1 USD = 1 Coin',
  planLine: (tier, planName) => `5D ${tier} — plan ${planName}`,
  planCoins: (coins) => `${coins} 5D Coins al mes`,
  laterMonths: (months, intro, regular) =>
    ` · ${intro} ${months === 1 ? 'el primer mes' : `los ${months} primeros meses`}, después ${regular}/mes`,
  tierNames: {
    mp3: 'Licencia MP3',
    wav: 'Licencia WAV',
    trackout: 'Licencia Trackout (stems)',
    exclusive: 'Exclusiva',
  },
  termLabels: {
    distribution_copies: 'Copias distribuidas',
    audio_streams: 'Streams de audio',
    music_videos: 'Videoclips',
    radio_stations: 'Emisoras de radio',
    live_performances: 'Actuaciones en directo',
    credit_line: 'Crédito obligatorio',
  },
  unlimited: 'Ilimitado',
  livePerformances: (allowed) => (allowed ? 'Permitidas' : 'No permitidas'),
  agreement: {
    title: 'CONTRATO DE LICENCIA DE USO DE BEAT',
    exclusiveRights: 'derechos exclusivos',
    nonExclusive: 'licencia no exclusiva',
    documentTitle: (beat) => `Contrato de licencia — ${beat}`,
    order: (id) => `Pedido: ${id}`,
    date: (when) => `Fecha: ${when}`,
    parties: 'PARTES',
    licensor: (name, id) => `Licenciante (productor): ${name} (id ${id})`,
    licensee: (name, id) => `Licenciatario (comprador): ${name} (id ${id})`,
    work: 'OBRA',
    beat: (title, id) => `Beat: "${title}" (id ${id})`,
    files: (list) => `Archivos entregados: ${list}`,
    aiStems: 'stems separados por IA (separador DSP de 5D), no multipistas originales',
    price: 'PRECIO',
    listPrice: (amount) => `Precio de la licencia: ${amount}`,
    coupon: (code) => `Cupón aplicado: ${code}`,
    offer: (id) => `Oferta aceptada: ${id}`,
    paid: (amount) => `Importe pagado: ${amount}`,
    terms: 'TÉRMINOS DE USO',
    conditions: 'CONDICIONES',
    exclusiveCondition:
      'El Licenciante concede al Licenciatario el derecho exclusivo de uso del beat a partir de esta fecha y ' +
      'se compromete a no vender nuevas licencias del mismo. Las licencias no exclusivas vendidas antes de ' +
      'esta fecha siguen siendo válidas en sus propios términos.',
    nonExclusiveCondition:
      'Licencia no exclusiva: el Licenciante puede licenciar el mismo beat a terceros. El Licenciatario puede ' +
      'usar el beat en una nueva obra musical dentro de los límites anteriores, con el crédito indicado. Los ' +
      'derechos de autor del beat siguen siendo del Licenciante.',
    earlierLeases: 'LICENCIAS ANTERIORES QUE SIGUEN VÁLIDAS',
    none: 'Ninguna.',
    earlierLease: (tier, order, date) => `• ${tier} — pedido ${order} — ${date}`,
    footer: 'Documento generado automáticamente por 5D en el momento de la compra.',
  },
};

export default texts;
