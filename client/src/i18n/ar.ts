/**
 * Arabic catalogue (default). SPEC.md's strings are here in Arabic; en.ts keeps the English ones verbatim.
 * The shared validation and API message catalogues join as `validation.*` and `api.*` when the api
 * client loads (contract-messages.ts), so the first screen does not carry them.
 */

export const ar = {
  app: {
    name: 'أغريفت',
    tagline: 'سوق زراعي وبيطري',
    language: 'English',
    languageLabel: 'تغيير اللغة',
  },
  nav: {
    home: 'الرئيسية',
    // the logo link: its visible text (the name) first, for voice control, then where it goes
    homeLink: 'أغريفت، الرئيسية',
    pharmacies: 'الصيدليات الزراعية',
    clinics: 'العيادات البيطرية',
    nurseries: 'المشاتل',
    blog: 'نقطة العافية',
    login: 'تسجيل الدخول',
    logout: 'تسجيل الخروج',
    myOrders: 'طلباتي',
    chats: 'المحادثات',
    dashboard: 'لوحة التحكم',
    install: 'تثبيت التطبيق',
    menu: 'القائمة',
    search: 'بحث',
    searchPlaceholder: 'ابحث عن صيدلية أو منتج أو مقال',
    unread: '{{count}} غير مقروءة',
    mainNav: 'التنقل الرئيسي',
  },
  landing: {
    heroTitle: 'كل ما تحتاجه مزرعتك في مكان واحد',
    heroText:
      'اعثر على الصيدليات الزراعية والعيادات البيطرية والمشاتل في محافظتك، تحدث معهم مباشرة واطلب منتجاتك مع توصيل مجاني.',
    browse: 'تصفح الصيدليات',
    sectionsTitle: 'أقسام السوق',
    pharmaciesText: 'أدوية ومبيدات وأسمدة من صيدليات زراعية موثوقة.',
    clinicsText: 'أطباء بيطريون لرعاية مواشيك ودواجنك.',
    nurseriesText: 'شتول وبذور صيفية وشتوية من مشاتل قريبة منك.',
    blogText: 'مقالات ونصائح زراعية وبيطرية.',
    plansTitle: 'الخطط',
    farmerPlan: 'خطة المزارع',
    farmerPrice: 'مجانية',
    farmerFeatures: 'استشارة فورية مع الصيدليات والأطباء · طلب المنتجات · توصيل مجاني',
    businessPlan: 'خطة الأعمال',
    businessPrice: '{{monthly}} شهرياً أو {{yearly}} سنوياً',
    businessFeatures: 'متجر خاص بك · إدارة المنتجات والطلبات · محادثات مع المزارعين · نشر المقالات',
    join: 'انضم الآن',
    freeDelivery: 'التوصيل مجاني',
  },
  list: {
    province: 'المحافظة',
    allProvinces: 'كل المحافظات',
    empty: 'لا يوجد عناصر مطابقة',
    previous: 'السابق',
    next: 'التالي',
    page: 'صفحة {{page}} من {{last}}',
    loadError: 'تعذر تحميل البيانات',
    retry: 'إعادة المحاولة',
    loading: 'جارٍ التحميل…',
    offlineCopy: 'أنت غير متصل، تُعرض آخر نسخة محفوظة',
  },
  blog: {
    title: 'نقطة العافية',
    readMore: 'اقرأ المزيد',
    by: 'بقلم {{name}}',
    back: 'كل المقالات',
  },
  search: {
    title: 'نتائج البحث عن "{{q}}"',
    stores: 'المتاجر',
    products: 'المنتجات',
    posts: 'المقالات',
    prompt: 'اكتب كلمة للبحث',
  },
  auth: {
    logoutDone: 'تم تسجيل الخروج بنجاح',
    logoutFailed: 'فشل تسجيل الخروج',
  },
  errors: {
    requestFailed: 'فشل الطلب',
    noResponse: 'لا يوجد رد من الخادم، تحقق من اتصالك بالإنترنت',
    connection: 'خطأ في الاتصال',
    timeout: 'انتهت مهلة الطلب، حاول مرة أخرى',
    deleteConfirm: 'هل تريد حذف هذا العنصر؟',
    deleteDone: 'تم حذف العنصر',
    deleteFailed: 'فشل الحذف',
    done: 'تم',
    notFound: 'الصفحة غير موجودة',
    goHome: 'العودة إلى الرئيسية',
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Catalogue = Widen<typeof ar>;
