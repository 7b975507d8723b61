/** /courses and /courses/syllabus: placeholders per spec 2 (route table). */
const courses = {
  title: 'Cursos',
  comingSoon: 'Em breve',
  lead: 'O catálogo completo de cursos do Shifter Studio está chegando. Enquanto isso, veja as próximas turmas no site do estúdio.',
  syllabusTitle: 'Programa dos cursos',
  syllabusText: 'O programa detalhado de cada curso será publicado aqui.',
  backToStudio: 'Voltar ao estúdio',
  seeCourses: 'Ver as próximas turmas',
} as const;

type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type CoursesCatalogue = Widen<typeof courses>;

const catalogue: CoursesCatalogue = courses;
export default catalogue;
