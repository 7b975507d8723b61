import type { CoursesCatalogue } from '../pt-BR/courses';

const courses: CoursesCatalogue = {
  title: 'Courses',
  comingSoon: 'Coming soon',
  lead: 'The full Shifter Studio course catalogue is on its way. Meanwhile, see the upcoming classes on the studio site.',
  syllabusTitle: 'Course syllabus',
  syllabusText: 'The detailed syllabus of each course will be published here.',
  backToStudio: 'Back to the studio',
  seeCourses: 'See upcoming classes',
};

export default courses;
