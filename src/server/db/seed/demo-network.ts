import { foldContagens } from '../../modules/contagens';
import { deadlines } from '../../modules/sac/sla';
import { sql } from 'drizzle-orm';
import { makeCnpj, makeCpf } from '../../../shared/brazil-ids';
import type { Role } from '../../../shared/roles';
import { hashPassword } from '../../lib/password';
import type { Database, Transaction } from '../connect';
import {
  alunos,
  clientes,
  cursoModulos,
  cursos,
  eventos,
  eventosCursos,
  franqueadores,
  franquias,
  leadHistorico,
  leads,
  lgpdPedidos,
  matriculas,
  contratoModelos,
  microFranquias,
  preMatriculas,
  sacMensagens,
  sacTickets,
  users,
  vendedores,
  cobrancaReguas,
  whatsappCloudModelos,
  whatsappModelos,
  whatsappMomentos,
} from '../schema';
import { addDays, todayInBrasilia } from '../../../shared/brasilia';
import { fillMatriculaCursoSnapshots } from './matricula-curso';
import { insertDemoContratos } from './demo-contratos';
import { insertDemoCustos } from './demo-custos';
import { MODELO_INICIAL } from '../../../shared/contrato/modelo';
import { contratoDeDemo } from './demo-contratos';
import { metasDaDemo } from './demo-metas';
import { insertDemoVisitas } from './demo-visitas';

/** Every demo account signs in with this password (README lists the accounts). */
export const DEMO_PASSWORD = 'demo1234';

/** Issue 51 (ADR 091): the demo network's own text for the first contact after an event. */
export const DEMO_WHATSAPP_PRIMEIRO_CONTATO =
  'Oi, {nome}! Aqui é da Rede Crédito Educacional: nos vimos no evento {evento}, em {data}. Que bom que {aluno} gostou dos cursos! Posso te mandar os horários e valores?';

export const DEMO_ACCOUNTS: Record<Role, string> = {
  franqueador: 'franqueador@demo.com.br',
  franquia: 'franquia@demo.com.br',
  micro_franquia: 'micro@demo.com.br',
  vendedor: 'vendedor@demo.com.br',
  cliente: 'cliente@demo.com.br',
  aluno: 'aluno@demo.com.br',
};

/**
 * YYYY-MM-DD, `days` from `from`'s day in Brasília: the calendar the network lives by. (It took the server's own
 * zone, UTC on a server: from 21:00 in Brasília the demo's events fell a day off the screens' "30 days ago".)
 */
function dayOffset(from: Date, days: number): string {
  return addDays(todayInBrasilia(from), days);
}

/**
 * Loads a small but complete network into an EMPTY database, so that every screen shows real rows: two
 * franquias, three micro-franquias, a vendedor, three clientes, courses with modules, events in four cities
 * (upcoming and past), leads, pre-matrículas, matrículas, an aluno and tickets. Answers false when the
 * database already holds users.
 */
export async function loadDemoNetwork(
  db: Database,
  now = new Date(),
  /** APP_URL, printed on the demo's accepted contract's PDF (its recorded hash is of those bytes). */
  appUrl = 'http://localhost:5000',
): Promise<boolean> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (Number(count) > 0) return false;
  const password = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await insertNetwork(tx, password, now, appUrl);
    // Its sign-ups counted at once, as a bulk load is: nothing left for the worker's first round (ADR 043).
    await foldContagens(tx);
  });
  return true;
}

async function insertNetwork(tx: Transaction, password: string, now: Date, appUrl: string): Promise<void> {
  const user = async (values: Omit<typeof users.$inferInsert, 'password'>) => {
    const [row] = await tx
      .insert(users)
      .values({ ...values, password })
      .returning({ id: users.id });
    return row!.id;
  };
  const link = (userId: string, values: Partial<typeof users.$inferInsert>) =>
    tx
      .update(users)
      .set(values)
      .where(sql`${users.id} = ${userId}`);

  // Franqueador
  const franqueadorUser = await user({
    email: DEMO_ACCOUNTS.franqueador,
    role: 'franqueador',
    nome: 'Ana Beatriz Moura',
  });
  const [franqueador] = await tx
    .insert(franqueadores)
    .values({ userId: franqueadorUser, razaoSocial: 'Rede Crédito Educacional S.A.', cnpj: makeCnpj('104738260001') })
    .returning({ id: franqueadores.id });
  await link(franqueadorUser, { franqueadorId: franqueador!.id });
  // Issue 42 (ADR 064): the network's contract template, published as version 1, so a newcomer finds the Contratos
  // screen with its current version and every new matrícula gets a contract to accept.
  const publicadoEm = new Date(now.getTime() - 30 * 86_400_000);
  await tx.insert(contratoModelos).values({
    franqueadorId: franqueador!.id,
    versao: 1,
    titulo: 'Contrato de matrícula - cursos livres',
    texto: MODELO_INICIAL,
    multaCancelamentoPct: 10,
    criadoPorId: franqueadorUser,
    publicadoEm,
    publicadoPorId: franqueadorUser,
    createdAt: publicadoEm,
    updatedAt: publicadoEm,
  });

  // Franquias
  const franquiaSpUser = await user({
    email: DEMO_ACCOUNTS.franquia,
    role: 'franquia',
    nome: 'Carlos Eduardo Lima',
    cpf: makeCpf('318594726'),
    dataNascimento: '1980-03-14',
    telefone: '11987654321',
    endereco: 'Av. Paulista, 1000 - Bela Vista',
  });
  const franquiaMgUser = await user({
    email: 'franquia.mg@demo.com.br',
    role: 'franquia',
    nome: 'Fernanda Rocha',
    cpf: makeCpf('427115903'),
    dataNascimento: '1985-07-22',
    telefone: '31991234567',
    endereco: 'Av. Afonso Pena, 1500 - Centro',
  });
  const [franquiaSp, franquiaMg] = await tx
    .insert(franquias)
    .values([
      {
        franqueadorId: franqueador!.id,
        userId: franquiaSpUser,
        razaoSocial: 'Educa Paulista Franquias Ltda',
        cnpj: makeCnpj('215846370001'),
        repLegal: 'Carlos Eduardo Lima',
        cep: '01310100',
        cidade: 'São Paulo',
        estado: 'SP',
      },
      {
        franqueadorId: franqueador!.id,
        userId: franquiaMgUser,
        razaoSocial: 'Minas Saber Franquias Ltda',
        cnpj: makeCnpj('336915480001'),
        repLegal: 'Fernanda Rocha',
        cep: '30130010',
        cidade: 'Belo Horizonte',
        estado: 'MG',
      },
    ])
    .returning({ id: franquias.id });
  await link(franquiaSpUser, { franquiaId: franquiaSp!.id });
  await link(franquiaMgUser, { franquiaId: franquiaMg!.id });

  // Micro-franquias
  const microCampinasUser = await user({
    email: DEMO_ACCOUNTS.micro_franquia,
    role: 'micro_franquia',
    nome: 'Juliana Pereira',
    cpf: makeCpf('529982247'),
    dataNascimento: '1990-11-02',
    telefone: '19998765432',
    endereco: 'Rua Barão de Jaguara, 900 - Centro',
  });
  const microSantosUser = await user({
    email: 'micro.santos@demo.com.br',
    role: 'micro_franquia',
    nome: 'Rafael Souza',
    cpf: makeCpf('613402781'),
    dataNascimento: '1988-01-30',
    telefone: '13997651234',
    endereco: 'Av. Ana Costa, 300 - Gonzaga',
  });
  const microContagemUser = await user({
    email: 'micro.contagem@demo.com.br',
    role: 'micro_franquia',
    nome: 'Patrícia Alves',
    cpf: makeCpf('702913456'),
    dataNascimento: '1992-05-18',
    telefone: '3133334444',
    endereco: 'Av. João César de Oliveira, 200 - Eldorado',
  });
  const [microCampinas, microSantos, microContagem] = await tx
    .insert(microFranquias)
    .values([
      {
        franquiaId: franquiaSp!.id,
        userId: microCampinasUser,
        razaoSocial: 'Campinas Educação ME',
        cnpj: makeCnpj('447291560001'),
        repLegal: 'Juliana Pereira',
        cep: '13010111',
        cidade: 'Campinas',
        estado: 'SP',
      },
      {
        franquiaId: franquiaSp!.id,
        userId: microSantosUser,
        razaoSocial: 'Litoral Saber ME',
        cnpj: makeCnpj('558302670001'),
        repLegal: 'Rafael Souza',
        cep: '11060001',
        cidade: 'Santos',
        estado: 'SP',
      },
      {
        franquiaId: franquiaMg!.id,
        userId: microContagemUser,
        razaoSocial: 'Contagem Cursos ME',
        cnpj: makeCnpj('669413780001'),
        repLegal: 'Patrícia Alves',
        cep: '32010000',
        cidade: 'Contagem',
        estado: 'MG',
      },
    ])
    .returning({ id: microFranquias.id });
  await link(microCampinasUser, { microFranquiaId: microCampinas!.id });
  await link(microSantosUser, { microFranquiaId: microSantos!.id });
  await link(microContagemUser, { microFranquiaId: microContagem!.id });

  // Vendedor
  const vendedorUser = await user({
    email: DEMO_ACCOUNTS.vendedor,
    role: 'vendedor',
    nome: 'Marcos Vinícius Costa',
    cpf: makeCpf('814526937'),
    dataNascimento: '1995-09-09',
    telefone: '19991112222',
    endereco: 'Rua José Paulino, 45 - Centro',
    microFranquiaId: microCampinas!.id,
  });
  const [vendedor] = await tx
    .insert(vendedores)
    .values({ microFranquiaId: microCampinas!.id, userId: vendedorUser })
    .returning({ id: vendedores.id, codigo: vendedores.codigoIndicacao });

  // Clientes (schools)
  const clienteUsers = [
    await user({
      email: DEMO_ACCOUNTS.cliente,
      role: 'cliente',
      nome: 'Colégio Horizonte',
      cpf: makeCpf('925637148'),
      telefone: '1932345678',
      endereco: 'Rua das Palmeiras, 120 - Cambuí',
    }),
    await user({
      email: 'cliente.valinhos@demo.com.br',
      role: 'cliente',
      nome: 'Escola Estadual Valinhos',
      cpf: makeCpf('136748259'),
      telefone: '1938761234',
      endereco: 'Av. dos Esportes, 50 - Centro',
    }),
    await user({
      email: 'cliente.contagem@demo.com.br',
      role: 'cliente',
      nome: 'Instituto Saber Contagem',
      cpf: makeCpf('247859360'),
      telefone: '3133981122',
      endereco: 'Rua Tiradentes, 700 - Centro',
    }),
  ];
  const [horizonte, valinhos, saberContagem] = await tx
    .insert(clientes)
    .values([
      {
        microFranquiaId: microCampinas!.id,
        vendedorId: vendedor!.id,
        userId: clienteUsers[0]!,
        nomeFantasia: 'Colégio Horizonte',
        cnpj: makeCnpj('770524890001'),
        repLegal: 'Helena Martins',
        produto: 'todos_pela_educacao',
        kit: 'premium',
        cep: '13024001',
        cidade: 'Campinas',
        estado: 'SP',
      },
      {
        microFranquiaId: microCampinas!.id,
        vendedorId: vendedor!.id,
        userId: clienteUsers[1]!,
        nomeFantasia: 'Escola Estadual Valinhos',
        cnpj: makeCnpj('881635900001'),
        repLegal: 'Roberto Dias',
        produto: 'start_universitario',
        kit: 'digital',
        cep: '13270000',
        cidade: 'Valinhos',
        estado: 'SP',
      },
      {
        microFranquiaId: microContagem!.id,
        userId: clienteUsers[2]!,
        nomeFantasia: 'Instituto Saber Contagem',
        cnpj: makeCnpj('992746010001'),
        repLegal: 'Luciana Gomes',
        produto: 'especializa_mais',
        kit: 'essencial',
        cep: '32017000',
        cidade: 'Contagem',
        estado: 'MG',
      },
    ])
    .returning({ id: clientes.id, microFranquiaId: clientes.microFranquiaId });
  await link(clienteUsers[0]!, { clienteId: horizonte!.id, microFranquiaId: microCampinas!.id });
  await link(clienteUsers[1]!, { clienteId: valinhos!.id, microFranquiaId: microCampinas!.id });
  await link(clienteUsers[2]!, { clienteId: saberContagem!.id, microFranquiaId: microContagem!.id });

  // Cursos with modules
  const cursoRows = await tx
    .insert(cursos)
    .values([
      {
        clienteId: horizonte!.id,
        titulo: 'Técnico em Administração',
        descricao: 'Formação técnica com foco em gestão de pequenas empresas.',
        valor: 4800,
        valorComDesconto: 3840,
        parcelas: 12,
      },
      {
        clienteId: horizonte!.id,
        titulo: 'Inglês Intensivo',
        descricao: 'Conversação e gramática em 6 meses.',
        valor: 1800,
        valorComDesconto: null,
        parcelas: 6,
      },
      {
        clienteId: horizonte!.id,
        titulo: 'Preparatório ENEM',
        descricao: 'Revisão completa das quatro áreas do ENEM.',
        valor: 1200,
        valorComDesconto: 960,
        parcelas: 1,
      },
      {
        clienteId: saberContagem!.id,
        titulo: 'Informática Básica',
        descricao: 'Pacote Office e internet.',
        valor: 600,
        valorComDesconto: null,
        parcelas: 3,
      },
    ])
    .returning({ id: cursos.id, titulo: cursos.titulo });
  const [adm, ingles, enem, informatica] = cursoRows;
  await tx.insert(cursoModulos).values([
    { cursoId: adm!.id, titulo: 'Fundamentos de Gestão', modulo: '1', cargaHoraria: 80, ordem: 1 },
    { cursoId: adm!.id, titulo: 'Contabilidade Básica', modulo: '2', cargaHoraria: 60, ordem: 2 },
    { cursoId: adm!.id, titulo: 'Marketing e Vendas', modulo: '2A', cargaHoraria: 40, ordem: 3 },
    { cursoId: ingles!.id, titulo: 'Básico', modulo: '1', cargaHoraria: 48, ordem: 1 },
    { cursoId: ingles!.id, titulo: 'Intermediário', modulo: '2', cargaHoraria: 48, ordem: 2 },
    { cursoId: enem!.id, titulo: 'Linguagens e Redação', modulo: '1', cargaHoraria: 60, ordem: 1 },
    { cursoId: informatica!.id, titulo: 'Windows e Internet', modulo: '1', cargaHoraria: 20, ordem: 1 },
  ]);

  // Eventos in four cities: upcoming ones open for sign-up, one past and concluded.
  const eventoRows = await tx
    .insert(eventos)
    .values([
      {
        clienteId: horizonte!.id,
        microFranquiaId: microCampinas!.id,
        nomeEscola: 'Colégio Horizonte',
        tipoEscola: 'privada',
        cep: '13024001',
        // Issue 51: the street address the voucher, its e-mail and its .ics carry, with a map link.
        logradouro: 'Rua Coronel Quirino',
        numero: '1500',
        complemento: 'Bloco B',
        bairro: 'Cambuí',
        cidade: 'Campinas',
        estado: 'SP',
        dataDistribuicao: dayOffset(now, 5),
        dataEvento: dayOffset(now, 12),
        horario: '19:00',
        local: 'escola',
        qtdAlunos: 320,
        valorTotalDesconto: 1500,
        observacao: 'Auditório principal, bloco B.',
      },
      {
        clienteId: valinhos!.id,
        microFranquiaId: microCampinas!.id,
        nomeEscola: 'Escola Estadual Valinhos',
        tipoEscola: 'publica',
        logradouro: 'Avenida dos Esportes',
        numero: '820',
        bairro: 'Vila Santana',
        cidade: 'Valinhos',
        estado: 'SP',
        dataDistribuicao: dayOffset(now, 10),
        dataEvento: dayOffset(now, 20),
        horario: '14:30',
        local: 'comercial',
        qtdAlunos: 180,
        valorTotalDesconto: 1200,
      },
      {
        clienteId: saberContagem!.id,
        microFranquiaId: microContagem!.id,
        nomeEscola: 'Instituto Saber Contagem',
        tipoEscola: 'privada',
        cep: '32017000',
        logradouro: 'Avenida João César de Oliveira',
        numero: '3100',
        bairro: 'Eldorado',
        cidade: 'Contagem',
        estado: 'MG',
        dataDistribuicao: dayOffset(now, 3),
        dataEvento: dayOffset(now, 8),
        horario: '10:00',
        local: 'hotel',
        qtdAlunos: 250,
        valorTotalDesconto: 2000,
      },
      {
        clienteId: horizonte!.id,
        microFranquiaId: microCampinas!.id,
        nomeEscola: 'Colégio Horizonte',
        tipoEscola: 'privada',
        logradouro: 'Rua Coronel Quirino',
        numero: '1500',
        complemento: 'Bloco B',
        bairro: 'Cambuí',
        cidade: 'Campinas',
        estado: 'SP',
        dataDistribuicao: dayOffset(now, -40),
        dataEvento: dayOffset(now, -30),
        horario: '19:00',
        local: 'escola',
        qtdAlunos: 300,
        valorTotalDesconto: 1000,
        status: 'concluido',
      },
    ])
    .returning({ id: eventos.id });
  const [campinas, valinhosEvento, contagem, campinasPassado] = eventoRows;
  await tx.insert(eventosCursos).values([
    { eventoId: campinas!.id, cursoId: adm!.id },
    { eventoId: campinas!.id, cursoId: ingles!.id },
    { eventoId: campinasPassado!.id, cursoId: enem!.id },
    { eventoId: contagem!.id, cursoId: informatica!.id },
  ]);
  // Issue 48: the next events' costs and the month's campaign costs.
  await insertDemoCustos(tx, {
    franqueadorId: franqueador!.id,
    franquiaId: franquiaSp!.id,
    eventos: [campinas!.id, contagem!.id],
    franqueadorUserId: franqueadorUser,
    franquiaUserId: franquiaSpUser,
    dia: (offset) => dayOffset(now, offset),
  });

  // Issue 49: the demo vendedor's visits to its schools, today, this week and the last weeks.
  await insertDemoVisitas(
    tx,
    {
      vendedorId: vendedor!.id,
      vendedorUserId: vendedorUser,
      horizonte: horizonte!.id,
      valinhos: valinhos!.id,
      eventoValinhos: valinhosEvento!.id,
    },
    now,
  );

  // Leads
  const people = [
    ['Lucas Oliveira', 'Márcia Oliveira', 'lucas.oliveira@email.com', '19987001122'],
    ['Gabriela Santos', 'Paulo Santos', 'gabi.santos@email.com', '19987003344'],
    ['Pedro Henrique Silva', 'Renata Silva', 'pedro.hs@email.com', '1932221100'],
    ['Mariana Costa', 'José Costa', 'mariana.costa@email.com', '19988776655'],
    ['Rafaela Lima', 'Sandra Lima', 'rafaela.lima@email.com', '19991230000'],
    ['Thiago Ribeiro', 'Cláudia Ribeiro', 'thiago.r@email.com', '19993334455'],
    ['Beatriz Fernandes', 'Eduardo Fernandes', 'bia.fernandes@email.com', '31987651234'],
    ['João Victor Almeida', 'Adriana Almeida', 'jv.almeida@email.com', '31999887766'],
  ] as const;
  const leadEventos = [
    campinas,
    campinas,
    campinas,
    campinasPassado,
    valinhosEvento,
    valinhosEvento,
    contagem,
    contagem,
  ];
  const leadRows = await tx
    .insert(leads)
    .values(
      people.map(([nomeAluno, nomeResponsavel, email, telefone], i) => ({
        eventoId: leadEventos[i]!.id,
        nomeAluno,
        nomeResponsavel,
        email,
        telefone,
        createdAt: new Date(now.getTime() - (people.length - i) * 3_600_000),
        consentidoEm: new Date(now.getTime() - (people.length - i) * 3_600_000),
        // Issue 48: where some families came from -- the vendedor's share link, an Instagram campaign.
        ...(i === 1 ? { linkCodigo: vendedor!.codigo, linkVendedorId: vendedor!.id } : {}),
        ...(i === 2 ? { utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'volta-as-aulas' } : {}),
      })),
    )
    .returning({ id: leads.id });

  // Pre-enrolments (the activation page's records) and two of them made effective.
  const pre = await tx
    .insert(preMatriculas)
    .values([
      {
        eventoId: campinasPassado!.id,
        leadId: leadRows[3]!.id,
        nome: 'Mariana Costa',
        nomeAluno: 'Mariana Costa',
        cpfAluno: makeCpf('358214796'),
        nomeResponsavel: 'José Costa',
        cpfResponsavel: makeCpf('469325807'),
        email: DEMO_ACCOUNTS.aluno,
        telefone: '19988776655',
        cursoInteresse: 'Preparatório ENEM',
        status: 'efetivada',
        consentidoEm: now,
      },
      {
        eventoId: campinas!.id,
        leadId: leadRows[0]!.id,
        nome: 'Lucas Oliveira',
        nomeAluno: 'Lucas Oliveira',
        cpfAluno: makeCpf('570436918'),
        nomeResponsavel: 'Márcia Oliveira',
        cpfResponsavel: makeCpf('681547029'),
        email: 'lucas.oliveira@email.com',
        telefone: '19987001122',
        cursoInteresse: 'Técnico em Administração',
        consentidoEm: now,
      },
      {
        eventoId: campinas!.id,
        leadId: leadRows[1]!.id,
        nome: 'Gabriela Santos',
        nomeAluno: 'Gabriela Santos',
        cpfAluno: makeCpf('792658130'),
        nomeResponsavel: 'Paulo Santos',
        cpfResponsavel: makeCpf('803769241'),
        email: 'gabi.santos@email.com',
        telefone: '19987003344',
        cursoInteresse: 'Inglês Intensivo',
        consentidoEm: now,
        // Issue 48: the activation keeps its lead's origin, the vendedor's link.
        linkCodigo: vendedor!.codigo,
        linkVendedorId: vendedor!.id,
      },
      {
        eventoId: valinhosEvento!.id,
        leadId: leadRows[4]!.id,
        nome: 'Rafaela Lima',
        nomeAluno: 'Rafaela Lima',
        cpfAluno: makeCpf('914870352'),
        nomeResponsavel: 'Sandra Lima',
        cpfResponsavel: makeCpf('125981463'),
        email: 'rafaela.lima@email.com',
        telefone: '19991230000',
        cursoInteresse: 'Técnico em Administração',
        status: 'efetivada',
        consentidoEm: now,
      },
      {
        eventoId: contagem!.id,
        leadId: leadRows[6]!.id,
        nome: 'Beatriz Fernandes',
        nomeAluno: 'Beatriz Fernandes',
        cpfAluno: makeCpf('236092574'),
        nomeResponsavel: 'Eduardo Fernandes',
        cpfResponsavel: makeCpf('347103685'),
        email: 'bia.fernandes@email.com',
        telefone: '31987651234',
        cursoInteresse: 'Informática Básica',
        consentidoEm: now,
      },
    ])
    .returning({
      id: preMatriculas.id,
      eventoId: preMatriculas.eventoId,
      nome: preMatriculas.nome,
      email: preMatriculas.email,
      telefone: preMatriculas.telefone,
      cursoInteresse: preMatriculas.cursoInteresse,
      leadId: preMatriculas.leadId,
    });
  const effective = [pre[0]!, pre[3]!];
  await tx.insert(matriculas).values(
    effective.map((p, i) => ({
      preMatriculaId: p.id,
      eventoId: p.eventoId,
      leadId: p.leadId,
      nome: p.nome,
      email: p.email,
      telefone: p.telefone,
      cursoInteresse: p.cursoInteresse,
      efetivadaEm: new Date(now.getTime() - (i + 1) * 86_400_000),
      // Made before the network's contract (issue 42): accepted, as every matrícula migrated from before it.
      status: 'ativa' as const,
    })),
  );
  // Their course and price as Efetivar keeps them (issue 42): Mariana's ENEM; Rafaela's course of interest is not
  // one her event offers, so hers stays without one, as a matrícula migrated from before the snapshot may.
  await fillMatriculaCursoSnapshots(tx);
  // Issue 42, third slice (ADR 066): Mariana's family accepted its contract two hours after Efetivar, so her record
  // shows the timeline, 'Baixar PDF', and the 7 days to withdraw still open.
  const [mariana] = await tx
    .select({ id: matriculas.id, efetivadaEm: matriculas.efetivadaEm })
    .from(matriculas)
    .where(sql`${matriculas.preMatriculaId} = ${pre[0]!.id}`);
  await contratoDeDemo(tx, mariana!.id, { aceitoEm: new Date(mariana!.efetivadaEm.getTime() + 2 * 3_600_000), appUrl });
  // Issue 42: two Contagem families whose contracts were accepted: one active past its 7 days, one cancelled with
  // its fee.
  await insertDemoContratos(tx, { franqueadorId: franqueador!.id, eventoId: contagem!.id, now, appUrl });
  // Issue 43 (ADR 078): Minas Saber chose its régua de cobrança -- no e-mail the day after the due date -- while
  // Educa Paulista keeps the network's default (every step on): 'Financeiro' > 'Régua de cobrança' shows both.
  await tx.insert(cobrancaReguas).values({ franquiaId: franquiaMg!.id, depois1: false, updatedAt: now });
  // Issue 51 (ADR 091): the network rewrote one of the product's WhatsApp texts ('Mensagens de WhatsApp' shows it
  // 'Personalizado' beside two kept as shipped); the lead panel's WhatsApp button opens with it.
  await tx.insert(whatsappModelos).values({
    franqueadorId: franqueador!.id,
    chave: 'primeiro_contato',
    texto: DEMO_WHATSAPP_PRIMEIRO_CONTATO,
    createdAt: now,
    updatedAt: now,
  });
  // Issue 47 (ADR 103): the network's templates approved in WhatsApp Manager, mapped to the product's fields, the
  // first serving the sign-up's confirmation and the eve-of-event reminder ('Integrações' > WhatsApp). With
  // WHATSAPP_* unset (the demo) the notices still go by e-mail; with them set, a family that ticks the option gets
  // these.
  const [confirmacao] = await tx
    .insert(whatsappCloudModelos)
    .values({
      franqueadorId: franqueador!.id,
      nome: 'confirmacao_inscricao',
      idioma: 'pt_BR',
      categoria: 'UTILITY',
      variaveis: [
        { componente: 'body', posicao: 1, botao: null, campo: 'primeiro_nome' },
        { componente: 'body', posicao: 2, botao: null, campo: 'evento' },
        { componente: 'body', posicao: 3, botao: null, campo: 'data' },
        { componente: 'body', posicao: 4, botao: null, campo: 'hora' },
        { componente: 'button', posicao: 1, botao: 0, campo: 'link_voucher' },
      ],
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: whatsappCloudModelos.id });
  await tx.insert(whatsappCloudModelos).values({
    franqueadorId: franqueador!.id,
    nome: 'lembrete_parcela',
    idioma: 'pt_BR',
    categoria: 'UTILITY',
    variaveis: [
      { componente: 'body', posicao: 1, botao: null, campo: 'primeiro_nome' },
      { componente: 'body', posicao: 2, botao: null, campo: 'valor_parcela' },
      { componente: 'body', posicao: 3, botao: null, campo: 'vencimento' },
    ],
    createdAt: now,
    updatedAt: now,
  });
  await tx.insert(whatsappMomentos).values(
    (['inscricao', 'lembrete_vespera'] as const).map((momento) => ({
      franqueadorId: franqueador!.id,
      momento,
      modeloId: confirmacao!.id,
      updatedAt: now,
    })),
  );
  const alunoUser = await user({ email: DEMO_ACCOUNTS.aluno, role: 'aluno', nome: 'Mariana Costa' });
  await tx.insert(alunos).values({ userId: alunoUser, preMatriculaId: pre[0]!.id });

  // Follow-up (issue 16): the vendedor owns two of its leads -- a return due today and one overdue --, a family
  // lost to the distance, the effective ones converted; the rest are new.
  const minutesAfter = (i: number, minutes: number) =>
    new Date(now.getTime() - (people.length - i) * 3_600_000 + minutes * 60_000);
  const followUps: { i: number; set: Partial<typeof leads.$inferInsert> }[] = [
    {
      i: 0,
      set: {
        status: 'em_contato',
        responsavelId: vendedor!.id,
        proximoContatoEm: dayOffset(now, 0),
        primeiroContatoEm: minutesAfter(0, 30),
      },
    },
    {
      i: 1,
      set: {
        status: 'interessado',
        responsavelId: vendedor!.id,
        proximoContatoEm: dayOffset(now, -1),
        primeiroContatoEm: minutesAfter(1, 20),
      },
    },
    { i: 3, set: { status: 'convertido' } },
    { i: 4, set: { status: 'convertido' } },
    { i: 5, set: { status: 'sem_interesse', motivoPerda: 'distancia', primeiroContatoEm: minutesAfter(5, 40) } },
  ];
  for (const { i, set } of followUps) {
    await tx
      .update(leads)
      .set(set)
      .where(sql`${leads.id} = ${leadRows[i]!.id}`);
  }
  const vendedorRef = { id: vendedor!.id, nome: 'Marcos Vinícius Costa' };
  await tx.insert(leadHistorico).values([
    {
      leadId: leadRows[0]!.id,
      tipo: 'responsavel',
      em: minutesAfter(0, 10),
      autorId: microCampinasUser,
      dados: { de: null, para: vendedorRef },
    },
    {
      leadId: leadRows[0]!.id,
      tipo: 'status',
      em: minutesAfter(0, 30),
      autorId: vendedorUser,
      dados: { status: ['novo', 'em_contato'] },
    },
    {
      leadId: leadRows[0]!.id,
      tipo: 'contato',
      em: minutesAfter(0, 30),
      autorId: vendedorUser,
      dados: { canal: 'telefone', resultado: 'atendeu', nota: 'A mãe pediu para ligar de novo hoje à tarde.' },
    },
    {
      leadId: leadRows[0]!.id,
      tipo: 'status',
      em: minutesAfter(0, 31),
      autorId: vendedorUser,
      dados: { proximoContatoEm: [null, dayOffset(now, 0)] },
    },
    {
      leadId: leadRows[1]!.id,
      tipo: 'responsavel',
      em: minutesAfter(1, 10),
      autorId: microCampinasUser,
      dados: { de: null, para: vendedorRef },
    },
    {
      leadId: leadRows[1]!.id,
      tipo: 'contato',
      em: minutesAfter(1, 20),
      autorId: vendedorUser,
      dados: { canal: 'whatsapp', resultado: 'mensagem_enviada', nota: null },
    },
    {
      leadId: leadRows[1]!.id,
      tipo: 'status',
      em: minutesAfter(1, 21),
      autorId: vendedorUser,
      dados: { status: ['novo', 'interessado'], proximoContatoEm: [null, dayOffset(now, -1)] },
    },
    {
      leadId: leadRows[5]!.id,
      tipo: 'contato',
      em: minutesAfter(5, 40),
      autorId: vendedorUser,
      dados: { canal: 'telefone', resultado: 'atendeu', nota: 'Mora longe da escola.' },
    },
    {
      leadId: leadRows[5]!.id,
      tipo: 'status',
      em: minutesAfter(5, 41),
      autorId: vendedorUser,
      dados: { status: ['novo', 'sem_interesse'], motivoPerda: [null, 'distancia'] },
    },
  ]);

  // SAC tickets: two open, one answered; their deadlines in business time from now (issue 19).
  const prazos = (prioridade: 'alta' | 'media' | 'baixa') => deadlines({ prioridade, inicio: now, pausaMs: 0 });
  const seededTickets = await tx
    .insert(sacTickets)
    .values([
      {
        solicitanteId: microCampinasUser,
        microFranquiaId: microCampinas!.id,
        franquiaId: franquiaSp!.id,
        titulo: 'Kits de divulgação atrasados',
        descricao:
          'Os kits premium do evento do Colégio Horizonte ainda não chegaram. Precisamos deles até a data de distribuição.',
        departamento: 'logistica',
        prioridade: 'alta',
        ...prazos('alta'),
      },
      {
        solicitanteId: franquiaSpUser,
        franquiaId: franquiaSp!.id,
        titulo: 'Acesso ao relatório de matrículas',
        descricao: 'Gostaríamos de receber o relatório mensal de matrículas efetivadas por micro-franquia.',
        departamento: 'administrativo',
        prioridade: 'media',
        ...prazos('media'),
      },
      {
        solicitanteId: franquiaMgUser,
        franquiaId: franquiaMg!.id,
        titulo: 'Material de marketing para Contagem',
        descricao: 'Solicitamos banners atualizados para o evento no Instituto Saber Contagem.',
        departamento: 'marketing',
        prioridade: 'baixa',
        status: 'concluido',
        resolucao: 'Banners enviados por e-mail para a franquia.',
        responsavelId: franqueadorUser,
        resolvedAt: new Date(now.getTime() - 2 * 86_400_000),
        ...prazos('baixa'),
        primeiraRespostaEm: new Date(now.getTime() - 2 * 86_400_000),
      },
    ])
    .returning({ id: sacTickets.id, resolucao: sacTickets.resolucao });
  // The answer is the conversation's first message, as 'Responder' posts it now.
  const respondido = seededTickets.find((t) => t.resolucao !== null)!;
  await tx.insert(sacMensagens).values({
    ticketId: respondido.id,
    autorId: franqueadorUser,
    texto: respondido.resolucao!,
    createdAt: new Date(now.getTime() - 2 * 86_400_000),
  });

  // A titular's request (issue 18): the Costa family asked three days ago to correct a phone number.
  await tx.insert(lgpdPedidos).values({
    tipo: 'correcao',
    email: 'mariana.costa@email.com',
    detalhe: 'O telefone do responsável mudou. Por favor, atualizem o cadastro.',
    prazo: new Date(now.getTime() + 12 * 86_400_000),
    franqueadorId: franqueador!.id,
    franquiaId: franquiaSp!.id,
    createdAt: new Date(now.getTime() - 3 * 86_400_000),
    updatedAt: new Date(now.getTime() - 3 * 86_400_000),
  });

  // Issue 48: this month's goals, split down the tree, for Metas, its ranking and every dashboard.
  await metasDaDemo(
    tx,
    {
      rede: franqueador!.id,
      franquiaSp: franquiaSp!.id,
      franquiaMg: franquiaMg!.id,
      microCampinas: microCampinas!.id,
      microSantos: microSantos!.id,
      microContagem: microContagem!.id,
      vendedor: vendedor!.id,
      horizonte: horizonte!.id,
      valinhos: valinhos!.id,
      saberContagem: saberContagem!.id,
    },
    now,
    franqueadorUser,
  );
}
