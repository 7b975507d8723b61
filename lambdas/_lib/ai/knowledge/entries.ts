/**
 * The offline assistant's music-production knowledge base (pt-BR). Each entry is a self-contained
 * answer; retrieval (../retrieval.ts) ranks them with BM25 over title, tags and text.
 */
export interface KnowledgeEntry {
  id: string;
  topic:
    | 'trap'
    | 'mixagem'
    | 'masterização'
    | 'harmonia'
    | 'home studio'
    | 'vocais'
    | 'sound design'
    | 'arranjo'
    | 'ritmo'
    | 'carreira';
  title: string;
  tags: string[];
  text: string;
}

export const knowledgeBase: readonly KnowledgeEntry[] = [
  // --- Trap -----------------------------------------------------------------------------------------
  {
    id: 'trap-beat-basics',
    topic: 'trap',
    title: 'Como criar um beat de trap',
    tags: ['trap', 'beat', 'batida', 'criar', '808', 'hi-hat', 'bpm'],
    text: 'Comece definindo o andamento entre 130 e 160 BPM e pense em half-time: a caixa (ou clap) cai no terceiro tempo de cada compasso, o que dá a sensação de 65–80 BPM. Programe o kick com poucas notas, deixando espaço para o 808. Os hi-hats em colcheias ou semicolcheias são a assinatura do trap: adicione rolls de fusas e tercinas no fim das frases. Escolha uma melodia simples em escala menor (pads sombrios, sinos, flautas) e faça o 808 seguir a tônica da progressão.',
  },
  {
    id: 'trap-808',
    topic: 'trap',
    title: 'Programando e afinando o 808',
    tags: ['808', 'baixo', 'sub', 'afinar', 'glide', 'slide', 'trap', 'grave'],
    text: 'O 808 é ao mesmo tempo baixo e percussão. Afine a amostra na tonalidade da música (confira a fundamental com um afinador ou analisador de espectro). Use glide/portamento entre notas para os slides característicos, com tempo de 50–150 ms. Evite que o kick e o 808 batam ao mesmo tempo com fundamentais diferentes: ou alinhe-os e use sidechain curto, ou desloque o 808. Um pouco de saturação nos harmônicos faz o 808 aparecer em fones e celulares sem aumentar o sub.',
  },
  {
    id: 'trap-hihats',
    topic: 'trap',
    title: 'Hi-hats e rolls no trap',
    tags: ['hi-hat', 'hihat', 'chimbal', 'roll', 'tercina', 'trap', 'groove'],
    text: 'Programe a base dos hi-hats em colcheias e acrescente rolls de 1/16, 1/32 e tercinas (1/12, 1/24) antes das viradas e na troca de compasso. Varie a velocity (por exemplo 70–110) para o groove não soar robótico e use pitch automation nos rolls para criar movimento. Um hat aberto no contratempo e panorâmica leve entre dois hats diferentes dão largura sem poluir o centro.',
  },
  {
    id: 'trap-melody',
    topic: 'trap',
    title: 'Melodias sombrias para trap',
    tags: ['melodia', 'trap', 'escala menor', 'harmônica', 'dark', 'sombrio', 'loop'],
    text: 'Melodias de trap costumam usar a escala menor natural, menor harmônica (com a sétima elevada) ou frígia (segundo grau bemol) para o clima sombrio. Crie um loop de 2 ou 4 compassos com poucas notas e muita repetição, e desenvolva-o com variações de oitava, filtros e contramelodias. Timbres clássicos: sinos, pianos com reverb longo, flautas, vozes e pads escuros. Deixe a região de 40–120 Hz livre para o 808.',
  },
  {
    id: 'drill-vs-trap',
    topic: 'trap',
    title: 'Drill, phonk e as variações do trap',
    tags: ['drill', 'phonk', 'trap', 'subgênero', 'estilo', 'bpm'],
    text: 'O drill usa 140–145 BPM com hi-hats sincopados, caixa deslocada e 808 deslizando muito (slides longos entre oitavas). O phonk traz samples de cowbell, vozes de Memphis, saturação pesada e 808 distorcido. Já o trap clássico tem hats mais regulares e caixa no 3. Ao produzir qualquer um deles, o principal é o pocket: a relação entre kick, 808 e a colocação da caixa.',
  },
  // --- Mixagem --------------------------------------------------------------------------------------
  {
    id: 'mix-fundamentals',
    topic: 'mixagem',
    title: 'Técnicas de mixagem: por onde começar',
    tags: ['mixagem', 'mix', 'mixar', 'técnicas', 'volume', 'panorâmica', 'equilíbrio'],
    text: 'Mixe primeiro com volume e panorâmica: um bom equilíbrio de faders resolve metade do trabalho. Deixe o elemento principal (voz ou lead) como referência e construa o resto em volta dele. Organize as faixas em grupos (bateria, baixos, harmonia, vozes, efeitos), mantenha o pico do master abaixo de -6 dBFS antes da masterização e compare com uma referência no mesmo volume. Trabalhe em volume baixo e descanse os ouvidos a cada hora.',
  },
  {
    id: 'mix-eq',
    topic: 'mixagem',
    title: 'Equalização na mixagem',
    tags: [
      'eq',
      'equalização',
      'equalizador',
      'frequência',
      'high-pass',
      'corte',
      'mixagem',
      'grave',
      'agudo',
    ],
    text: 'Use EQ primeiro para cortar: filtros passa-altas (high-pass) nas faixas que não precisam de grave (vozes 80–100 Hz, guitarras 100 Hz, hats 300 Hz ou mais). Procure ressonâncias com um sino estreito e atenue 2–6 dB. Regiões típicas: 200–400 Hz embolamento, 2–5 kHz presença/dureza, 6–10 kHz sibilância e brilho. Faça cortes complementares: se o kick domina 60 Hz, o baixo pode ficar em 80–100 Hz. Equalize sempre ouvindo a mix inteira, não só a faixa em solo.',
  },
  {
    id: 'mix-compression',
    topic: 'mixagem',
    title: 'Compressão: ratio, attack e release',
    tags: ['compressão', 'compressor', 'ratio', 'attack', 'release', 'threshold', 'dinâmica', 'mixagem'],
    text: 'O compressor controla a dinâmica. Ratio 2:1 a 4:1 para controle suave, 4:1 a 8:1 para vozes e baixos mais firmes, acima de 10:1 como limitador. Attack lento (10–30 ms) preserva o transiente e dá punch; attack rápido (1–5 ms) achata e deixa mais para trás. O release deve respirar com o andamento: comece em torno de 50–150 ms ou no modo auto. Mire 3–6 dB de redução de ganho e compense o volume para comparar de forma justa.',
  },
  {
    id: 'mix-sidechain',
    topic: 'mixagem',
    title: 'Sidechain entre kick e baixo',
    tags: ['sidechain', 'kick', 'baixo', 'bumbo', 'ducking', 'pump', 'mixagem', '808'],
    text: 'O sidechain faz o baixo (ou pads) abaixar de volume toda vez que o kick toca, liberando espaço nos graves. Insira um compressor no baixo com entrada sidechain vinda do kick, ratio 4:1, attack rápido e release curto o suficiente para o baixo voltar antes do próximo kick. Em música eletrônica use um efeito mais evidente (pumping) nos pads; em trap e pop prefira um ducking sutil de 2–4 dB ou um sidechain apenas na faixa de graves com um compressor multibanda.',
  },
  {
    id: 'mix-reverb-delay',
    topic: 'mixagem',
    title: 'Reverb e delay na mixagem',
    tags: ['reverb', 'reverberação', 'delay', 'eco', 'ambiência', 'profundidade', 'mixagem', 'send'],
    text: 'Use reverb e delay em canais auxiliares (sends) para que várias faixas compartilhem o mesmo espaço. Um reverb curto (room, 0,4–0,8 s) dá coesão; um longo (hall/plate, 1,5–3 s) dá profundidade. Coloque um pre-delay de 20–60 ms para a voz continuar na frente, e filtre o retorno do reverb (corte abaixo de 200–300 Hz e acima de 8–10 kHz) para não embolar. Delays sincronizados em 1/4 ou 1/8 pontuado preenchem sem ocupar espaço como o reverb.',
  },
  {
    id: 'mix-low-end',
    topic: 'mixagem',
    title: 'Graves limpos: kick e baixo',
    tags: ['grave', 'graves', 'kick', 'baixo', 'sub', 'low end', 'mono', 'mixagem', 'embolado'],
    text: 'Mantenha o sub (abaixo de 120 Hz) em mono e com apenas um protagonista por vez: kick ou baixo. Escolha quem ocupa o fundamental (por exemplo kick em 50–60 Hz e baixo em 80–100 Hz, ou o contrário) e corte o outro nessa região. Verifique a fase entre kick e baixo invertendo a polaridade. Use um analisador de espectro e escute em fones e em caixas pequenas: grave bom aparece pelos harmônicos, não só pelo sub.',
  },
  {
    id: 'mix-stereo',
    topic: 'mixagem',
    title: 'Imagem estéreo e panorâmica',
    tags: ['estéreo', 'panorâmica', 'pan', 'largura', 'mid side', 'mono', 'mixagem', 'espacialização'],
    text: 'Deixe no centro kick, caixa, baixo e voz principal. Espalhe elementos que se repetem em pares (guitarras dobradas, backing vocals, hats e percussões) para os lados. Técnicas de alargamento (Haas, chorus, mid/side) devem ser checadas em mono: se algo some ou fica oco, há cancelamento de fase. Um correlacionador de fase ajuda; valores negativos persistentes indicam problema.',
  },
  {
    id: 'mix-gain-staging',
    topic: 'mixagem',
    title: 'Gain staging e headroom',
    tags: ['gain staging', 'ganho', 'headroom', 'nível', 'clipping', 'dbfs', 'mixagem'],
    text: 'Grave e processe com headroom: picos das faixas em torno de -12 a -6 dBFS e média por volta de -18 dBFS, nível em que muitos plugins analógicos emulados foram calibrados. Ajuste o ganho de entrada antes dos plugins, não só no fader. Evite clipping em qualquer ponto da cadeia e deixe o barramento master com pico abaixo de -6 dBFS para a masterização trabalhar.',
  },
  {
    id: 'mix-reference',
    topic: 'mixagem',
    title: 'Mixando com faixas de referência',
    tags: ['referência', 'mixagem', 'comparar', 'loudness', 'tradução', 'monitoração'],
    text: 'Importe duas ou três faixas de referência do mesmo gênero e iguale o volume percebido (LUFS) antes de comparar, senão a mais alta sempre parece melhor. Compare equilíbrio de graves, brilho, volume da voz e largura estéreo em trechos equivalentes. Ouça sua mix em vários sistemas (fones, carro, celular) e anote diferenças consistentes em vez de corrigir tudo de uma vez.',
  },
  {
    id: 'mix-bus-processing',
    topic: 'mixagem',
    title: 'Processamento em grupos e no barramento',
    tags: ['bus', 'barramento', 'grupo', 'cola', 'glue', 'compressão paralela', 'mixagem', 'bateria'],
    text: 'Agrupe instrumentos semelhantes e aplique processamento conjunto: uma compressão leve de barramento (ratio 2:1, attack 10–30 ms, 1–2 dB de redução) dá “cola”. Na bateria, compressão paralela (New York) mistura um sinal muito comprimido ao original para ganhar corpo sem perder transientes. Saturação leve nos grupos aumenta densidade e ajuda a mix a soar coesa.',
  },
  // --- Masterização ---------------------------------------------------------------------------------
  {
    id: 'master-basics',
    topic: 'masterização',
    title: 'Masterização: cadeia básica',
    tags: ['masterização', 'master', 'masterizar', 'limiter', 'cadeia', 'eq', 'loudness'],
    text: 'Uma cadeia típica de masterização: EQ corretivo suave, compressão de barramento leve (1–2 dB), EQ tonal, eventualmente saturação ou imagem estéreo, e por fim um limitador com teto (ceiling) de -1 dBTP. Faça mudanças pequenas (0,5–2 dB), compare sempre no mesmo volume e use referências. Se algo precisa de mais de 3 dB de correção, o problema é da mix: volte a ela.',
  },
  {
    id: 'master-loudness',
    topic: 'masterização',
    title: 'Loudness, LUFS e plataformas de streaming',
    tags: ['lufs', 'loudness', 'volume', 'streaming', 'spotify', 'true peak', 'masterização', 'normalização'],
    text: 'As plataformas normalizam o volume: Spotify e YouTube em torno de -14 LUFS integrados, Apple Music cerca de -16 LUFS. Masterizar muito alto (-7 LUFS) não deixa a música mais alta no streaming, só menos dinâmica. Para gêneros como trap e EDM, -9 a -7 LUFS é comum por estética; para acústico, -14 a -12. Mantenha o true peak em -1 dBTP para evitar distorção na conversão para formatos com perdas.',
  },
  {
    id: 'master-dynamics',
    topic: 'masterização',
    title: 'Faixa dinâmica e crest factor',
    tags: ['dinâmica', 'crest factor', 'faixa dinâmica', 'pico', 'rms', 'masterização', 'punch'],
    text: 'O crest factor é a diferença entre o pico e o RMS. Abaixo de 6–8 dB a música tende a soar esmagada e cansativa; entre 9 e 14 dB é típico de música pop e eletrônica bem masterizada; acima de 15 dB, material muito dinâmico (acústico, clássico). Se o limitador está reduzindo mais de 3–4 dB nos picos, ganhe volume antes com compressão suave ou corrija transientes na mix.',
  },
  {
    id: 'master-eq-balance',
    topic: 'masterização',
    title: 'Equilíbrio tonal na masterização',
    tags: ['equilíbrio tonal', 'espectro', 'eq', 'brilho', 'grave', 'masterização', 'curva'],
    text: 'Compare o espectro da sua faixa com referências: a maioria das músicas comerciais tem uma inclinação descendente de cerca de 3–4,5 dB por oitava. Excesso de graves (mais de 40–50% da energia abaixo de 250 Hz) deixa a master pesada e impede volume; falta de agudos deixa opaca. Use shelves largos e suaves (0,5–1,5 dB) em vez de cortes estreitos.',
  },
  {
    id: 'master-stems',
    topic: 'masterização',
    title: 'Preparando a mix para masterizar',
    tags: ['preparar', 'exportar', 'bounce', 'masterização', 'headroom', 'formato', 'wav'],
    text: 'Exporte em WAV 24-bit (ou 32-bit float) na taxa de amostragem do projeto, sem limitador no master e com pico entre -6 e -3 dBFS. Deixe alguns segundos de silêncio no início e no fim, sem fades cortando reverbs. Envie também uma referência e anotações sobre o som desejado. Se possível, entregue stems (bateria, baixo, instrumentos, vozes) para correções mais precisas.',
  },
  // --- Harmonia -------------------------------------------------------------------------------------
  {
    id: 'harmony-progressions',
    topic: 'harmonia',
    title: 'Progressões harmônicas populares',
    tags: ['progressão', 'progressões', 'harmonia', 'acordes', 'harmônicas', 'i-v-vi-iv', 'campo harmônico'],
    text: 'Algumas progressões que funcionam em muitos estilos: I–V–vi–IV (C–G–Am–F), a mais comum do pop; vi–IV–I–V (Am–F–C–G), mais melancólica; ii–V–I (Dm7–G7–Cmaj7), base do jazz; i–VI–III–VII (Am–F–C–G) em tom menor, muito usada em trap e EDM; i–iv–v (Am–Dm–Em) para clima sombrio. Varie o ritmo harmônico, as inversões e acrescente sétimas e nonas para colorir.',
  },
  {
    id: 'harmony-field',
    topic: 'harmonia',
    title: 'Campo harmônico maior e menor',
    tags: ['campo harmônico', 'harmonia', 'tonalidade', 'graus', 'maior', 'menor', 'acordes'],
    text: 'No campo harmônico maior, os acordes são: I maior, ii menor, iii menor, IV maior, V maior, vi menor e vii diminuto (em Dó: C, Dm, Em, F, G, Am, Bdim). No menor natural: i menor, ii diminuto, III maior, iv menor, v menor, VI maior, VII maior (em Lá menor: Am, Bdim, C, Dm, Em, F, G). A menor harmônica eleva a sétima e transforma o v em V maior (E em Lá menor), criando a tensão de dominante.',
  },
  {
    id: 'harmony-extensions',
    topic: 'harmonia',
    title: 'Acordes com sétima, nona e tensões',
    tags: ['sétima', 'nona', 'tensões', 'extensões', 'acordes', 'harmonia', 'jazz', 'lo-fi', 'neo soul'],
    text: 'Acrescentar sétimas (maj7, m7, 7) e nonas dá cor e sofisticação, essencial em lo-fi, R&B e neo soul. Experimente Cmaj9, Am9, Dm11 e acordes suspensos (sus2, sus4) para ambiguidade. Voicings abertos (espalhando as notas por mais de uma oitava) soam mais amplos; mantenha a fundamental no baixo e as tensões no registro médio-agudo para não embolar.',
  },
  {
    id: 'harmony-modes',
    topic: 'harmonia',
    title: 'Modos gregos e o clima de cada um',
    tags: ['modos', 'dórico', 'frígio', 'lídio', 'mixolídio', 'escala', 'harmonia', 'clima'],
    text: 'Cada modo tem uma cor: jônio (maior) alegre; dórico menor com sexta maior, groove e esperança (funk, house); frígio menor com segunda menor, tenso e exótico (trap, metal, flamenco); lídio maior com quarta aumentada, etéreo (trilhas); mixolídio maior com sétima menor, rock e blues; eólio (menor natural) melancólico; lócrio instável. Para usar um modo, destaque a nota característica na melodia e na harmonia.',
  },
  {
    id: 'harmony-melody-writing',
    topic: 'harmonia',
    title: 'Como escrever uma melodia marcante',
    tags: ['melodia', 'compor', 'motivo', 'gancho', 'hook', 'escala', 'harmonia'],
    text: 'Parta de um motivo curto (3–5 notas) com ritmo reconhecível e repita-o com variações: transposição, inversão, mudança de ritmo. Alterne movimento por graus conjuntos com alguns saltos expressivos, e resolva frases em notas do acorde (tônica, terça, quinta). Limite a extensão a cerca de uma oitava e meia para ser cantável e use pergunta e resposta entre frases.',
  },
  {
    id: 'harmony-keys-emotion',
    topic: 'harmonia',
    title: 'Tonalidade, escala e emoção',
    tags: ['emoção', 'tonalidade', 'escala', 'maior', 'menor', 'clima', 'harmonia', 'sentimento'],
    text: 'Escalas maiores e lídia tendem a soar alegres ou épicas; menores, dórica e frígia, tristes, sombrias ou misteriosas. O andamento e o registro pesam tanto quanto a escala: menor rápido pode ser energético, maior lento pode ser nostálgico. Pentatônicas soam abertas e fáceis de cantar; a escala blues acrescenta a blue note (quinta diminuta) para tensão expressiva.',
  },
  // --- Home studio ----------------------------------------------------------------------------------
  {
    id: 'home-studio-setup',
    topic: 'home studio',
    title: 'Montando um home studio',
    tags: ['home studio', 'estúdio', 'montar', 'equipamento', 'interface', 'monitores', 'setup', 'começar'],
    text: 'O essencial de um home studio: computador confiável, DAW (Ableton, FL Studio, Reaper, Logic), interface de áudio com bons pré-amplificadores, fones fechados para gravar e abertos/semiabertos para mixar, monitores de referência, um microfone condensador de diafragma largo e um controlador MIDI. Invista primeiro em acústica e monitoração: ouvir com precisão vale mais que plugins caros.',
  },
  {
    id: 'home-studio-acoustics',
    topic: 'home studio',
    title: 'Tratamento acústico do home studio',
    tags: ['acústica', 'tratamento acústico', 'painéis', 'bass trap', 'reflexão', 'sala', 'home studio'],
    text: 'Tratamento acústico não é isolamento: ele controla reflexões dentro da sala. Coloque painéis absorventes (lã de rocha ou fibra, 5–10 cm) nos pontos de primeira reflexão das paredes laterais e do teto, e bass traps nos cantos para controlar graves. Evite espuma fina como única solução: ela só absorve agudos. Use difusores na parede de trás se a sala permitir.',
  },
  {
    id: 'home-studio-monitors',
    topic: 'home studio',
    title: 'Posicionamento dos monitores',
    tags: ['monitores', 'caixas', 'posicionamento', 'triângulo', 'home studio', 'monitoração', 'subwoofer'],
    text: 'Forme um triângulo equilátero entre os dois monitores e sua cabeça, com os tweeters na altura dos ouvidos. Afaste as caixas da parede de trás (ou use o ajuste de “boundary” dos monitores) e mantenha a posição simétrica na sala, de preferência com a mesa no sentido do lado mais comprido. Use isoladores sob os monitores e calibre o volume de audição (cerca de 75–80 dB SPL).',
  },
  {
    id: 'home-studio-interface',
    topic: 'home studio',
    title: 'Interface de áudio, latência e buffer',
    tags: ['interface', 'latência', 'buffer', 'driver', 'asio', 'sample rate', 'home studio', 'gravação'],
    text: 'Para gravar, use buffer baixo (64–128 amostras) para reduzir a latência; para mixar com muitos plugins, suba para 512–1024. Em Windows, use drivers ASIO do fabricante. 44,1 ou 48 kHz em 24-bit é suficiente para quase todos os projetos. Se a interface tiver monitoração direta (zero latency), use-a ao gravar voz.',
  },
  {
    id: 'home-studio-microphone',
    topic: 'home studio',
    title: 'Escolhendo e posicionando o microfone',
    tags: ['microfone', 'condensador', 'dinâmico', 'posicionamento', 'pop filter', 'home studio', 'gravação'],
    text: 'Condensadores captam mais detalhes e também mais da sala; em ambientes sem tratamento, um dinâmico (tipo SM7B ou SM58) pode soar melhor. Posicione o microfone a 15–25 cm da boca com pop filter, levemente fora do eixo para reduzir plosivas e sibilância. Um refletor atrás do microfone ajuda pouco; tratar a parede atrás do cantor ajuda mais.',
  },
  // --- Vocais ---------------------------------------------------------------------------------------
  {
    id: 'vocals-recording',
    topic: 'vocais',
    title: 'Gravação de voz em casa',
    tags: ['voz', 'vocal', 'gravar', 'gravação', 'take', 'cantor', 'nível'],
    text: 'Grave com picos por volta de -10 dBFS para ter margem. Faça vários takes completos e depois componha o melhor (comping). Mantenha distância constante do microfone, hidrate a voz e grave dobras (doubles) dos refrões para dar corpo. Nomeie e organize os takes logo ao gravar: isso economiza horas na edição.',
  },
  {
    id: 'vocals-mixing',
    topic: 'vocais',
    title: 'Mixagem de voz: cadeia típica',
    tags: ['voz', 'vocal', 'mixagem', 'de-esser', 'compressão', 'eq', 'presença', 'cadeia'],
    text: 'Cadeia comum de voz: afinação/edição, EQ subtrativo (passa-altas em 80–100 Hz, corte de embolamento em 200–400 Hz), compressor rápido para picos (estilo 1176, 3–5 dB), compressor suave para nivelar (estilo LA-2A, 2–3 dB), de-esser em 5–8 kHz, EQ de presença (+1–3 dB em 3–5 kHz, ar em 10–12 kHz), saturação leve e envios para reverb e delay. Automatize o volume para a voz ficar sempre inteligível.',
  },
  {
    id: 'vocals-tuning',
    topic: 'vocais',
    title: 'Afinação vocal e efeito autotune',
    tags: ['autotune', 'afinação', 'melodyne', 'voz', 'vocal', 'trap', 'efeito', 'retune'],
    text: 'Para correção natural, use retune speed lento (20–50 ms) e corrija nota a nota em editores como Melodyne. O efeito robótico do trap usa retune speed 0 com a tonalidade e escala corretas configuradas: sem isso, a voz salta para notas erradas. Grave já com o autotune na monitoração para o cantor reagir ao efeito.',
  },
  {
    id: 'vocals-backing',
    topic: 'vocais',
    title: 'Backing vocals, dobras e ad-libs',
    tags: ['backing vocal', 'dobras', 'ad-lib', 'harmonias', 'voz', 'vocal', 'camadas'],
    text: 'Dobras panoramizadas em L/R dão largura aos refrões; harmonias em terças e quintas enriquecem. Deixe os backings mais escuros (corte de agudos) e mais comprimidos que a voz principal, com mais reverb, para ficarem atrás. Ad-libs funcionam nos espaços entre frases, com delays e efeitos próprios. Alinhe dobras no tempo para não soarem desleixadas.',
  },
  // --- Sound design ---------------------------------------------------------------------------------
  {
    id: 'sound-design-synthesis',
    topic: 'sound design',
    title: 'Síntese subtrativa: osciladores, filtro e envelopes',
    tags: ['síntese', 'sintetizador', 'oscilador', 'filtro', 'envelope', 'adsr', 'sound design', 'synth'],
    text: 'Na síntese subtrativa, osciladores geram formas de onda ricas (serra, quadrada), o filtro passa-baixas remove harmônicos e os envelopes (ADSR) moldam volume e filtro no tempo. Pads: attack e release longos; plucks: attack zero, decay curto, sustain baixo; baixos: onda quadrada ou serra com filtro fechado. Use LFOs para movimento (vibrato, wobble) e desafine levemente osciladores (detune) para engordar o som.',
  },
  {
    id: 'sound-design-drums',
    topic: 'sound design',
    title: 'Criando kicks e caixas do zero',
    tags: ['kick', 'bumbo', 'caixa', 'snare', 'sound design', 'transiente', 'bateria', 'síntese'],
    text: 'Um kick sintetizado é uma senoide com envelope de pitch descendente rápido (de ~150 Hz até ~50 Hz em 30–80 ms) mais um clique no ataque. Caixas combinam um corpo tonal (180–250 Hz) com ruído filtrado para a esteira. Camadas (layering) de amostras diferentes funcionam quando cada uma cobre uma faixa de frequência; alinhe a fase e ajuste transientes com um transient shaper.',
  },
  {
    id: 'sound-design-sampling',
    topic: 'sound design',
    title: 'Sampling e chopping',
    tags: ['sample', 'sampling', 'chop', 'fatiar', 'loop', 'sound design', 'direitos'],
    text: 'Fatie (chop) um sample em transientes ou em divisões do tempo e redistribua as fatias num sampler para criar novas frases. Mude pitch e tempo, inverta, filtre e adicione efeitos até o material ganhar identidade. Cuidado com direitos autorais: use samples livres de royalties ou licenciados; o limpo é sempre melhor que o problema depois do lançamento.',
  },
  {
    id: 'sound-design-effects',
    topic: 'sound design',
    title: 'Efeitos criativos: distorção, modulação e automação',
    tags: ['efeitos', 'distorção', 'saturação', 'chorus', 'phaser', 'automação', 'sound design', 'filtro'],
    text: 'Saturação e distorção acrescentam harmônicos e agressividade; chorus, flanger e phaser criam movimento; bitcrusher dá textura lo-fi. O que torna um som vivo é a automação: abra o filtro ao longo de um build-up, aumente o envio de reverb no fim das frases, automatize a ressonância. Grave automações em tempo real para um resultado mais orgânico.',
  },
  // --- Arranjo --------------------------------------------------------------------------------------
  {
    id: 'arrangement-structure',
    topic: 'arranjo',
    title: 'Estrutura e arranjo de uma música',
    tags: ['arranjo', 'estrutura', 'intro', 'verso', 'refrão', 'ponte', 'drop', 'seções'],
    text: 'Estruturas comuns: pop (intro – verso – pré-refrão – refrão – verso – refrão – ponte – refrão – outro); eletrônica (intro – build-up – drop – breakdown – build-up – drop – outro); trap (intro – hook – verso – hook – verso – hook). Seções costumam ter 8 ou 16 compassos. Cada seção precisa de uma função clara e de algo novo: um elemento entra, sai ou muda a cada 4–8 compassos.',
  },
  {
    id: 'arrangement-energy',
    topic: 'arranjo',
    title: 'Curva de energia, tensão e transições',
    tags: ['energia', 'tensão', 'transição', 'build-up', 'riser', 'arranjo', 'drop', 'contraste'],
    text: 'Planeje a curva de energia: contraste entre seções é o que dá impacto ao refrão ou ao drop. Antes do ponto alto, retire elementos (graves, kick) e crie tensão com risers, ruído branco filtrado, rolls de caixa e automação de filtro. Uma pausa de meio ou um tempo de silêncio logo antes do drop aumenta o efeito. Transições com impactos, reverses e fills ajudam a colar as seções.',
  },
  {
    id: 'arrangement-layering',
    topic: 'arranjo',
    title: 'Camadas e espaço no arranjo',
    tags: ['camadas', 'arranjo', 'frequência', 'registro', 'espaço', 'instrumentos', 'densidade'],
    text: 'Pense no arranjo em registros: grave (kick, baixo), médio (acordes, voz), agudo (hats, brilhos). Evite dois elementos competindo na mesma faixa de frequência e no mesmo ritmo. Às vezes o melhor arranjo é tirar: menos elementos bem escolhidos soam maiores. Use chamada e resposta entre instrumentos e reserve elementos para os momentos de maior energia.',
  },
  // --- Ritmo ----------------------------------------------------------------------------------------
  {
    id: 'rhythm-groove',
    topic: 'ritmo',
    title: 'Groove, swing e humanização',
    tags: ['groove', 'swing', 'humanização', 'quantização', 'velocity', 'ritmo', 'bateria', 'shuffle'],
    text: 'Swing atrasa as semicolcheias (ou colcheias) pares: 50% é reto, 55–66% dá o balanço do hip-hop e do house. Humanizar é variar levemente o tempo (±5–15 ms) e a velocity das notas para tirar a rigidez da quantização. Deixe o kick e a caixa mais firmes e humanize mais hats e percussões. Grooves de referência (templates de groove) podem ser extraídos de loops reais.',
  },
  {
    id: 'rhythm-house-techno',
    topic: 'ritmo',
    title: 'Padrões de bateria: house e techno',
    tags: ['house', 'techno', 'four on the floor', 'bateria', 'padrão', 'ritmo', 'eletrônica', 'bpm'],
    text: 'House e techno usam o four-on-the-floor: kick em todos os tempos, clap ou caixa nos tempos 2 e 4, hat aberto no contratempo. House fica em 118–128 BPM com swing e percussões latinas; techno em 125–140 BPM, mais seco, hipnótico e com variações sutis de timbre ao longo de longos trechos. Percussões com ritmos de 3 contra 4 criam polirritmia e movimento.',
  },
  {
    id: 'rhythm-dnb-dubstep',
    topic: 'ritmo',
    title: 'Drum and bass e dubstep',
    tags: ['drum and bass', 'dnb', 'dubstep', 'breakbeat', 'bpm', 'ritmo', 'half-time', 'wobble'],
    text: 'Drum and bass roda em 170–175 BPM com breakbeats sincopados (kick no 1 e no “e” do 2, caixa no 2 e 4) e baixos reese ou subs profundos. Dubstep fica em 140 BPM em half-time (caixa no 3), com baixos wobble feitos com LFO no filtro sincronizado ao tempo. Em ambos, o foco da mixagem está no sub limpo e no impacto da caixa.',
  },
  {
    id: 'rhythm-bpm-guide',
    topic: 'ritmo',
    title: 'Andamentos (BPM) por gênero',
    tags: ['bpm', 'andamento', 'tempo', 'gênero', 'ritmo', 'referência'],
    text: 'Referências de andamento: hip-hop boom bap 85–95 BPM; lo-fi 70–90; trap 130–160 (sensação half-time); funk brasileiro 130 (ou 150 no 150 BPM); reggaeton 90–100; pop 100–130; house 118–128; techno 125–140; dubstep 140; drum and bass 170–175. Escolha o andamento pela sensação que o corpo deve ter, não só pelo gênero.',
  },
  // --- Carreira / DAW -------------------------------------------------------------------------------
  {
    id: 'workflow-daw',
    topic: 'carreira',
    title: 'Fluxo de trabalho e produtividade na DAW',
    tags: ['fluxo de trabalho', 'workflow', 'daw', 'template', 'atalhos', 'produtividade', 'finalizar'],
    text: 'Crie templates com seus instrumentos, grupos e envios favoritos já roteados. Separe sessões de criação (ideias rápidas, sem mixar) das de mixagem. Aprenda os atalhos da sua DAW, use cores e nomes nas faixas e salve versões incrementais. Para terminar músicas, defina prazos e comece pelo arranjo completo antes de polir os detalhes.',
  },
  {
    id: 'workflow-midi-osc',
    topic: 'carreira',
    title: 'MIDI, OSC e integração com a DAW',
    tags: ['midi', 'osc', 'daw', 'integração', 'ableton', 'reaper', 'controlador', 'sincronizar'],
    text: 'Arquivos MIDI (.mid) guardam notas, andamento e tonalidade e podem ser arrastados para qualquer DAW. O OSC (Open Sound Control) envia comandos pela rede (UDP), como play, stop, gravar e mudar o BPM: no Ableton use o AbletonOSC (porta 11000), no Reaper ative o OSC nas preferências (porta 8000/8080, conforme o preset) e, no Logic, o controle OSC pelo Logic Remote. O computador com a DAW precisa estar acessível na rede.',
  },
  {
    id: 'career-release',
    topic: 'carreira',
    title: 'Lançando sua música',
    tags: ['lançamento', 'distribuição', 'streaming', 'divulgação', 'carreira', 'isrc', 'metadados'],
    text: 'Antes de lançar, confira master final, capa em 3000×3000 px, metadados (créditos, ISRC, compositores) e registre as obras. Distribua com 3–4 semanas de antecedência para enviar a faixa ao pitch editorial das plataformas. Planeje conteúdo curto (trechos verticais), pré-save e divulgação contínua: a primeira semana importa, mas a consistência de lançamentos importa mais.',
  },
  {
    id: 'career-selling-beats',
    topic: 'carreira',
    title: 'Vendendo beats e licenças',
    tags: ['vender', 'beats', 'licença', 'exclusiva', 'leasing', 'marketplace', 'carreira', 'preço'],
    text: 'Ofereça licenças não exclusivas (leasing, com limites de streams e cópias) e exclusivas (direitos completos, o beat sai da venda). Entregue MP3, WAV e stems conforme a licença e deixe claro o contrato. Marque seus beats com uma tag de produtor nas prévias, mantenha um catálogo organizado por gênero e BPM e publique com regularidade para aparecer nas buscas.',
  },
];
