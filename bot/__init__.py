"""QuizTutor's core: quizzes, sessions, scoring and languages, free of platform and database code."""
