/** Competitions (/competitions) and the participation contract (/competitions/contract), spec 2 §2. */
const competitions = {
  title: 'Competições',
  subtitle: 'Mais de R$100 mil em prêmios para quem cria. Escolha um desafio e mostre seu som.',
  tabsLabel: 'Competições',
  tabs: { active: 'Ativas', finished: 'Finalizadas', ranking: 'Ranking' },
  difficulty: { beginner: 'Iniciante', intermediate: 'Intermediário', advanced: 'Avançado' },
  prize: 'Prêmio',
  otherPrizes: '2º {{second}} · 3º {{third}}',
  participants: '{{count}} participantes',
  spots: '{{count}} de {{max}} vagas',
  timeLeft: '{{days}}d {{hours}}h restantes',
  ended: 'Encerrada',
  endedOn: 'Encerrada em {{date}}',
  category: 'Categoria',
  progress: 'Vagas preenchidas',
  join: 'Participar Agora',
  winner: 'Vencedor',
  winningTrack: 'Faixa vencedora',
  noWinner: 'Resultado em apuração',
  emptyActive: 'Nenhuma competição ativa no momento. Volte em breve!',
  emptyFinished: 'Nenhuma competição finalizada ainda.',
  emptyRanking: 'O ranking aparece quando os primeiros criadores somarem pontos.',
  loadError: 'Não foi possível carregar as competições.',
  rankingError: 'Não foi possível carregar o ranking.',
  retry: 'Tentar novamente',
  rankingTitle: 'Top 5 criadores',
  rankingLabel: 'Ranking dos criadores por pontos',
  points: '{{points}} pts',
  level: 'Nível {{level}}',
  position: '{{position}}º lugar',
  contract: {
    title: 'Contrato de Participação',
    intro:
      'Ao participar de uma competição da 5D, você concorda com os termos abaixo. Leia com atenção antes de continuar.',
    navLabel: 'Seções do contrato',
    sections: {
      rights: {
        title: 'Direitos autorais',
        body: 'O participante declara ser o titular dos direitos autorais da obra enviada ou possuir autorização expressa de todos os titulares para inscrevê-la.',
      },
      forbidden: {
        title: 'Conteúdo proibido',
        body: 'É proibido enviar material que viole direitos de terceiros ou a legislação vigente, incluindo samples não licenciados e conteúdo ofensivo.',
      },
      disqualification: {
        title: 'Desclassificação',
        body: 'A organização pode desclassificar, a qualquer momento, trabalhos que não cumpram estas regras ou tentativas de fraude na votação.',
      },
      publicity: {
        title: 'Divulgação',
        body: 'Os vencedores autorizam a menção do seu nome artístico e da obra vencedora em ações de divulgação da 5D, sem custo.',
      },
    },
    cancel: 'Cancelar',
    agree: 'Concordo e continuar',
  },
};
export default competitions;
