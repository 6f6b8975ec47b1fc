/** The demo content of CONTRACT.md §2: accounts, stores, products and articles in Arabic. */

export interface DemoStore {
  phone: string;
  password: string;
  ownerName: string;
  /** 1 store account (pharmacy / doctor), 3 nursery. */
  userType: 1 | 3;
  userStatus: 0 | 1 | 2;
  /** Marked verified by the admin (CONTRACT.md §7). */
  verified?: boolean;
  store: { name_store: string; type: 0 | 1 | 3; city: number; address: string; colors: [string, string] };
  products: { name: string; description: string; type: 0 | 1 | 2 | 3; price: number; is_special: boolean }[];
}

export const demoStores: DemoStore[] = [
  {
    phone: '0911111111',
    password: 'store1234',
    ownerName: 'سامر الحلبي',
    userType: 1,
    userStatus: 0,
    verified: true,
    store: {
      name_store: 'صيدلية الربيع الزراعية',
      type: 0,
      city: 1,
      address: 'دمشق، المزة، شارع الجلاء قرب جامع الأكرم',
      colors: ['#2f855a', '#9ae6b4'],
    },
    products: [
      {
        name: 'مبيد فطري نحاسي',
        description: 'أوكسي كلورور النحاس 50%، لمكافحة البياض الزغبي والتبقعات على الخضار والأشجار المثمرة.',
        type: 0,
        price: 7.5,
        is_special: true,
      },
      {
        name: 'بذور بندورة هجينة',
        description: 'صنف مبكر مقاوم للذبول، مناسب للزراعة المحمية والمكشوفة، عبوة 1000 بذرة.',
        type: 1,
        price: 12,
        is_special: false,
      },
      {
        name: 'بذور خيار بلدي',
        description: 'خيار بلدي عالي الإنتاج يتحمل الحرارة، عبوة 50 غرام.',
        type: 1,
        price: 4.25,
        is_special: false,
      },
      {
        name: 'بذور قمح حوراني',
        description: 'قمح قاسٍ محلي محسّن للزراعة البعلية في المناطق الجنوبية.',
        type: 2,
        price: 18,
        is_special: false,
      },
      {
        name: 'بذور فول بلدي',
        description: 'فول شتوي مقاوم للهالوك، كيس 5 كغ.',
        type: 2,
        price: 9.9,
        is_special: false,
      },
      {
        name: 'سماد NPK متوازن 20-20-20',
        description: 'سماد ذواب مع عناصر صغرى للري بالتنقيط والرش الورقي، كيس 1 كغ.',
        type: 3,
        price: 6,
        is_special: false,
      },
      {
        name: 'سماد عضوي متخمر',
        description: 'سماد بلدي معالج خالٍ من بذور الأعشاب، كيس 25 كغ.',
        type: 3,
        price: 5.5,
        is_special: false,
      },
    ],
  },
  {
    phone: '0922222222',
    password: 'store1234',
    ownerName: 'د. ليلى العمر',
    userType: 1,
    userStatus: 0,
    verified: true,
    store: {
      name_store: 'عيادة الشفاء البيطرية',
      type: 1,
      city: 2,
      address: 'حماة، حي البعث، مقابل مديرية الزراعة',
      colors: ['#2b6cb0', '#90cdf4'],
    },
    products: [
      {
        name: 'لقاح الحمى القلاعية',
        description: 'لقاح للأبقار والأغنام، يحفظ مبرداً بين 2 و8 درجات.',
        type: 0,
        price: 3.75,
        is_special: true,
      },
      {
        name: 'فيتامينات للدواجن',
        description: 'مزيج فيتامينات ومعادن يضاف إلى ماء الشرب لتحسين النمو والمناعة.',
        type: 0,
        price: 8,
        is_special: false,
      },
      {
        name: 'مضاد طفيليات داخلية',
        description: 'جرعة فموية للأغنام والماعز، عبوة 1 لتر.',
        type: 0,
        price: 15,
        is_special: false,
      },
    ],
  },
  {
    phone: '0933333333',
    password: 'store1234',
    ownerName: 'أبو خالد الساحلي',
    userType: 3,
    userStatus: 0,
    store: {
      name_store: 'مشتل الساحل الأخضر',
      type: 3,
      city: 4,
      address: 'اللاذقية، طريق جبلة، بعد جسر الصليبة',
      colors: ['#38a169', '#f6e05e'],
    },
    products: [
      {
        name: 'غراس زيتون خضيري',
        description: 'غراس مطعمة بعمر سنتين، مناسبة للمناطق الساحلية والجبلية.',
        type: 3,
        price: 2.5,
        is_special: true,
      },
      {
        name: 'غراس ليمون ماير',
        description: 'حمضيات قزمية مثمرة، في أكياس زراعية جاهزة للنقل.',
        type: 3,
        price: 4,
        is_special: false,
      },
      {
        name: 'شتول فليفلة',
        description: 'شتول قوية بعمر 40 يوماً، صينية 100 شتلة.',
        type: 1,
        price: 6.5,
        is_special: false,
      },
    ],
  },
  {
    phone: '0955555555',
    password: 'store1234',
    ownerName: 'محمود الديري',
    userType: 1,
    userStatus: 2,
    store: {
      name_store: 'صيدلية الفرات الزراعية',
      type: 0,
      city: 7,
      address: 'دير الزور، شارع التكايا، جانب المصرف الزراعي',
      colors: ['#b7791f', '#fbd38d'],
    },
    products: [
      {
        name: 'مبيد حشري للمن',
        description: 'مبيد جهازي لمكافحة المن والذبابة البيضاء على القطن والخضار.',
        type: 0,
        price: 11,
        is_special: false,
      },
    ],
  },
  {
    phone: '0966666666',
    password: 'store1234',
    ownerName: 'د. رامي الحمصي',
    userType: 1,
    userStatus: 0,
    store: {
      name_store: 'مركز العاصي البيطري',
      type: 1,
      city: 12,
      address: 'حمص، الوعر، قرب دوار المهندسين',
      colors: ['#553c9a', '#d6bcfa'],
    },
    products: [],
  },
];

export const demoFarmer = {
  phone: '0944444444',
  password: 'farmer1234',
  name: 'أحمد المزارع',
  address: 'ريف دمشق، دوما',
  /** ريف دمشق */
  province: 11,
};

/**
 * Other farmers whose completed orders and reviews make the ratings real (the demo farmer's own
 * order list stays empty: it is the account people try first).
 */
export interface DemoBuyer {
  phone: string;
  name: string;
  province: number;
  address: string;
  /** Completed orders: the store (by its owner's phone), the product lines, the review if any. */
  orders: {
    store: string;
    items: { product: string; quantity: number }[];
    review?: { rating: number; comment: string | null };
  }[];
}

export const demoBuyers: DemoBuyer[] = [
  {
    phone: '0977777777',
    name: 'خالد الحوراني',
    province: 10,
    address: 'درعا، إزرع، الحي الشمالي',
    orders: [
      {
        store: '0911111111',
        items: [
          { product: 'بذور قمح حوراني', quantity: 4 },
          { product: 'سماد NPK متوازن 20-20-20', quantity: 2 },
        ],
        review: { rating: 5, comment: 'البذور نظيفة والإنبات ممتاز، والتوصيل وصل في اليوم التالي.' },
      },
      {
        store: '0922222222',
        items: [{ product: 'لقاح الحمى القلاعية', quantity: 3 }],
        review: { rating: 4, comment: 'الطبيبة شرحت طريقة الحفظ بالتفصيل، تأخر التوصيل قليلاً.' },
      },
    ],
  },
  {
    phone: '0988888888',
    name: 'سلمى العلي',
    province: 2,
    address: 'حماة، السقيلبية، قرب المدرسة الثانوية',
    orders: [
      {
        store: '0911111111',
        items: [{ product: 'مبيد فطري نحاسي', quantity: 2 }],
        review: { rating: 4, comment: 'مبيد فعّال على اللفحة، والسعر مناسب.' },
      },
      {
        store: '0933333333',
        items: [{ product: 'غراس زيتون خضيري', quantity: 10 }],
        review: { rating: 5, comment: null },
      },
      {
        store: '0922222222',
        items: [{ product: 'فيتامينات للدواجن', quantity: 1 }],
      },
    ],
  },
];

export const demoPosts: { title: string; description: string; is_special: boolean; by: 'admin' | string }[] = [
  {
    title: 'كيف تحمي محصول البندورة من اللفحة المتأخرة',
    description:
      'تنتشر اللفحة المتأخرة في الأجواء الرطبة والباردة. ننصح بتهوية البيوت البلاستيكية جيداً، والري صباحاً، ' +
      'والرش الوقائي بمبيد نحاسي كل عشرة أيام في موسم الخطر، مع إزالة الأوراق المصابة وإتلافها بعيداً عن الحقل.',
    is_special: true,
    by: 'admin',
  },
  {
    title: 'جدول تلقيح الأغنام خلال العام',
    description:
      'يبدأ برنامج التلقيح بلقاح الحمى القلاعية في الخريف، ثم لقاح التسمم المعوي قبل موسم الولادات، ' +
      'ولقاح جدري الأغنام في الربيع. استشر الطبيب البيطري في منطقتك لتعديل الجدول حسب الوضع الوبائي.',
    is_special: false,
    by: '0922222222',
  },
  {
    title: 'أفضل وقت لزراعة غراس الزيتون',
    description:
      'تزرع غراس الزيتون في الساحل السوري من منتصف تشرين الثاني حتى نهاية شباط، بعد الأمطار الأولى. ' +
      'احفر حفرة بعمق 60 سم وأضف السماد العضوي المتخمر، وثبت الغرسة بدعامة خشبية.',
    is_special: false,
    by: '0933333333',
  },
  {
    title: 'التسميد المتوازن للقمح البعلي',
    description:
      'يحتاج القمح البعلي إلى دفعة فوسفورية عند الزراعة ودفعة آزوتية في مرحلة الإشطاء إذا كانت الأمطار كافية. ' +
      'تحليل التربة قبل الموسم يوفر كثيراً من تكاليف الأسمدة.',
    is_special: false,
    by: '0911111111',
  },
];
