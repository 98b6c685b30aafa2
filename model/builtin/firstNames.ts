/**
 * Common first names (English-speaking and European workplaces), lowercase. A request written all in lowercase gives
 * no capital to tell a person from a word: "book leave for bob on Friday" is for Bob, "for surgery on Friday" is a
 * reason. A bare word after "for" is read as a person only when it is one of these (leaveSubject.ts); names that are
 * also everyday words ("may", "grace", "will", "mark") are left out.
 */

const NAMES = `
aaron adam adrian ahmed aisha alan albert alex alexander alexandra alice alicia amanda amelia amy ana andrea andrew
andy angela anna anne anthony antoine arjun ashley barbara ben benjamin beth bob brian bruno camille carl carlos carol
caroline catherine charles charlie charlotte chloe chris christian christina christine claire clara claudia daniel
daniela david deborah denise diana diego dimitri dominic donna dylan ed edward elena eleanor elisa eliza elizabeth
ella ellen emily emma eric erik ethan eva fatima felix fernando fiona francesca francesco françois gabriel gary
george georgia gina greg gregory hannah harry helen henry hugo ian isabel isabella ivan jacob james jane janet
jason javier jean jeff jennifer jessica jim joanna joe john jonathan jorge jose joseph josh joshua juan julia julie
julien justin karen kate katherine kathy kevin kim laura lauren leo leon linda lisa liam lucas lucy luis luke maria
marie marco marcos marcus margaret maria marta martin mary matt matthew maya megan mehmet melissa mia michael
michelle miguel mike mohammed monica nadia natalie nathan nicholas nick nicole nina noah oliver olivia omar oscar
pablo paolo patricia paul paula pedro peter philip pierre priya rachel rahul raj rebecca richard robert roberto
ryan sabrina samantha sandra sarah sara sean sebastian sergio simon sofia sophia sophie stephanie stephen steve
steven susan tanya thomas tim timothy tom tony tyler valentina vanessa victor victoria vincent william yusuf zoe
`;

export const FIRST_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter(Boolean));
