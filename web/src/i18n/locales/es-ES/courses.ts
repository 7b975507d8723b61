import type { CoursesCatalogue } from '../pt-BR/courses';

const courses: CoursesCatalogue = {
  title: 'Cursos',
  comingSoon: 'Próximamente',
  lead: 'El catálogo completo de cursos de Shifter Studio está en camino. Mientras tanto, mira los próximos grupos en la web del estudio.',
  syllabusTitle: 'Programa de los cursos',
  syllabusText: 'El programa detallado de cada curso se publicará aquí.',
  backToStudio: 'Volver al estudio',
  seeCourses: 'Ver los próximos grupos',
};

export default courses;
