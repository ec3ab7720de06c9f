var e,t,n,r,i,a,o,s,c,l,u,d,f,p,m={},h=[],g=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,_=Array.isArray;function v(e,t){for(var n in t)e[n]=t[n];return e}function y(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function b(t,n,r){var i,a,o,s={};for(o in n)o==`key`?i=n[o]:o==`ref`?a=n[o]:s[o]=n[o];if(arguments.length>2&&(s.children=arguments.length>3?e.call(arguments,2):r),typeof t==`function`&&t.defaultProps!=null)for(o in t.defaultProps)s[o]===void 0&&(s[o]=t.defaultProps[o]);return x(t,s,i,a,null)}function x(e,r,i,a,o){var s={type:e,props:r,key:i,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++n,__i:-1,__u:0};return o==null&&t.vnode!=null&&t.vnode(s),s}function S(e){return e.children}function C(e,t){this.props=e,this.context=t}function w(e,t){if(t==null)return e.__?w(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type==`function`?w(e):null}function T(e){if(e.__P&&e.__d){var n=e.__v,r=n.__e,i=[],a=[],o=v({},n);o.__v=n.__v+1,t.vnode&&t.vnode(o),ne(e.__P,o,n,e.__n,e.__P.namespaceURI,32&n.__u?[r]:null,i,r??w(n),!!(32&n.__u),a),o.__v=n.__v,o.__.__k[o.__i]=o,P(i,o,a),n.__e=n.__=null,o.__e!=r&&E(o)}}function E(e){if((e=e.__)!=null&&e.__c!=null)return e.__e=e.__c.base=null,e.__k.some(function(t){if(t!=null&&t.__e!=null)return e.__e=e.__c.base=t.__e}),E(e)}function D(e){(!e.__d&&(e.__d=!0)&&r.push(e)&&!O.__r++||i!=t.debounceRendering)&&((i=t.debounceRendering)||a)(O)}function O(){try{for(var e,t=1;r.length;)r.length>t&&r.sort(o),e=r.shift(),t=r.length,T(e)}finally{r.length=O.__r=0}}function ee(e,t,n,r,i,a,o,s,c,l,u){var d,f,p,g,_,v,y=r&&r.__k||h,b=t.length;for(c=k(n,t,y,c,b),d=0;d<b;d++)(p=n.__k[d])!=null&&(f=p.__i!=-1&&y[p.__i]||m,p.__i=d,v=ne(e,p,f,i,a,o,s,c,l,u),g=p.__e,p.ref&&f.ref!=p.ref&&(f.ref&&oe(f.ref,null,p),u.push(p.ref,p.__c||g,p)),_==null&&g!=null&&(_=g),4&p.__u?(c=A(p,c,e),f.__e&&(f.__e=null)):typeof p.type==`function`&&v!==void 0?c=v:g&&(c=g.nextSibling),p.__u&=-7);return n.__e=_,c}function k(e,t,n,r,i){var a,o,s,c,l,u=n.length,d=u,f=0;for(e.__k=Array(i),a=0;a<i;a++)(o=t[a])!=null&&typeof o!=`boolean`&&typeof o!=`function`?(typeof o==`string`||typeof o==`number`||typeof o==`bigint`||o.constructor==String?o=e.__k[a]=x(null,o,null,null,null):_(o)?o=e.__k[a]=x(S,{children:o},null,null,null):o.constructor===void 0&&o.__b>0?o=e.__k[a]=x(o.type,o.props,o.key,o.ref?o.ref:null,o.__v):e.__k[a]=o,c=a+f,o.__=e,o.__b=e.__b+1,s=null,(l=o.__i=te(o,n,c,d))!=-1&&(d--,(s=n[l])&&(s.__u|=2)),s==null||s.__v==null?(l==-1&&(i>u?f--:i<u&&f++),typeof o.type!=`function`&&(o.__u|=4)):l!=c&&(l==c-1?f--:l==c+1?f++:(l>c?f--:f++,o.__u|=4))):e.__k[a]=null;if(d)for(a=0;a<u;a++)(s=n[a])!=null&&!(2&s.__u)&&(s.__e==r&&(r=w(s)),se(s,s));return r}function A(e,t,n){var r,i;if(typeof e.type==`function`){for(r=e.__k,i=0;r&&i<r.length;i++)r[i]&&(r[i].__=e,t=A(r[i],t,n));return t}e.__e!=t&&(t&&e.type&&!t.parentNode&&(t=w(e)),t=n.insertBefore(e.__e,t||null));do t&&=t.nextSibling;while(t!=null&&t.nodeType==8);return t}function te(e,t,n,r){var i,a,o,s=e.key,c=e.type,l=t[n],u=l!=null&&!(2&l.__u);if(l===null&&s==null||u&&s==l.key&&c==l.type)return n;if(r>+!!u){for(i=n-1,a=n+1;i>=0||a<t.length;)if((l=t[o=i>=0?i--:a++])!=null&&!(2&l.__u)&&s==l.key&&c==l.type)return o}return-1}function j(e,t,n){t[0]==`-`?e.setProperty(t,n??``):e[t]=n==null?``:typeof n!=`number`||g.test(t)?n:n+`px`}function M(e,t,n,r,i){var a,o;e:if(t==`style`){if(typeof n==`string`)e.style.cssText=n;else{if(typeof r==`string`&&(e.style.cssText=r=``),r)for(t in r)n&&t in n||j(e.style,t,``);if(n)for(t in n)r&&n[t]==r[t]||j(e.style,t,n[t])}}else if(t[0]==`o`&&t[1]==`n`)a=t!=(t=t.replace(u,`$1`)),o=t.toLowerCase(),t=o in e||t==`onFocusOut`||t==`onFocusIn`?o.slice(2):t.slice(2),e.l||={},e.l[t+a]=n,n?r?n[l]=r[l]:(n[l]=d,e.addEventListener(t,a?p:f,a)):e.removeEventListener(t,a?p:f,a);else{if(i==`http://www.w3.org/2000/svg`)t=t.replace(/xlink(H|:h)/,`h`).replace(/sName$/,`s`);else if(t!=`width`&&t!=`height`&&t!=`href`&&t!=`list`&&t!=`form`&&t!=`tabIndex`&&t!=`download`&&t!=`rowSpan`&&t!=`colSpan`&&t!=`role`&&t!=`popover`&&t in e)try{e[t]=n??``;break e}catch{}typeof n==`function`||(n==null||!1===n&&t[4]!=`-`?e.removeAttribute(t):e.setAttribute(t,t==`popover`&&n==1?``:n))}}function N(e){return function(n){if(this.l){var r=this.l[n.type+e];if(n[c]==null)n[c]=d++;else if(n[c]<r[l])return;return r(t.event?t.event(n):n)}}}function ne(e,n,r,i,a,o,s,c,l,u){var d,f,p,m,g,b,x,T,E,D,O,k,A,te,j,M,N=n.type;if(n.constructor!==void 0)return null;128&r.__u&&(l=!!(32&r.__u),o=[c=n.__e=r.__e]),(d=t.__b)&&d(n);e:if(typeof N==`function`){f=s.length;try{if(E=n.props,D=N.prototype&&N.prototype.render,O=(d=N.contextType)&&i[d.__c],k=d?O?O.props.value:d.__:i,r.__c?T=(p=n.__c=r.__c).__=p.__E:(D?n.__c=p=new N(E,k):(n.__c=p=new C(E,k),p.constructor=N,p.render=F),O&&O.sub(p),p.state||(p.state={}),p.__n=i,m=p.__d=!0,p.__h=[],p._sb=[]),D&&p.__s==null&&(p.__s=p.state),D&&N.getDerivedStateFromProps!=null&&(p.__s==p.state&&(p.__s=v({},p.__s)),v(p.__s,N.getDerivedStateFromProps(E,p.__s))),g=p.props,b=p.state,p.__v=n,m)D&&N.getDerivedStateFromProps==null&&p.componentWillMount!=null&&p.componentWillMount(),D&&p.componentDidMount!=null&&p.__h.push(p.componentDidMount);else{if(D&&N.getDerivedStateFromProps==null&&E!==g&&p.componentWillReceiveProps!=null&&p.componentWillReceiveProps(E,k),n.__v==r.__v||!p.__e&&p.shouldComponentUpdate!=null&&!1===p.shouldComponentUpdate(E,p.__s,k)){n.__v!=r.__v&&(p.props=E,p.state=p.__s,p.__d=!1),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(e){e&&(e.__=n)}),h.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&s.push(p),c=w(r);break e}p.componentWillUpdate!=null&&p.componentWillUpdate(E,p.__s,k),D&&p.componentDidUpdate!=null&&p.__h.push(function(){p.componentDidUpdate(g,b,x)})}if(p.context=k,p.props=E,p.__P=e,p.__e=!1,A=t.__r,te=0,D)p.state=p.__s,p.__d=!1,A&&A(n),d=p.render(p.props,p.state,p.context),h.push.apply(p.__h,p._sb),p._sb=[];else do p.__d=!1,A&&A(n),d=p.render(p.props,p.state,p.context),p.state=p.__s;while(p.__d&&++te<25);p.state=p.__s,p.getChildContext!=null&&(i=v(v({},i),p.getChildContext())),D&&!m&&p.getSnapshotBeforeUpdate!=null&&(x=p.getSnapshotBeforeUpdate(g,b)),j=d!=null&&d.type===S&&d.key==null?ie(d.props.children):d,c=ee(e,_(j)?j:[j],n,r,i,a,o,s,c,l,u),p.base=n.__e,n.__u&=-161,p.__h.length&&s.push(p),T&&(p.__E=p.__=null)}catch(e){if(s.length=f,n.__v=null,l||o!=null){if(e.then){for(n.__u|=l?160:128;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;o!=null&&(o[o.indexOf(c)]=null),n.__e=c}else if(o!=null)for(M=o.length;M--;)y(o[M])}else n.__e=r.__e;n.__k??=r.__k||[],e.then||re(n),t.__e(e,n,r)}}else o==null&&n.__v==r.__v?(n.__k=r.__k,n.__e=r.__e):c=n.__e=ae(r.__e,n,r,i,a,o,s,l,u);return(d=t.diffed)&&d(n),128&n.__u?void 0:c}function re(e){e&&(e.__c&&(e.__c.__e=!0),e.__k&&e.__k.some(re))}function P(e,n,r){for(var i=0;i<r.length;i++)oe(r[i],r[++i],r[++i]);t.__c&&t.__c(n,e),e.some(function(n){try{e=n.__h,n.__h=[],e.some(function(e){e.call(n)})}catch(e){t.__e(e,n.__v)}})}function ie(e){return typeof e!=`object`||!e||e.__b>0?e:_(e)?e.map(ie):e.constructor===void 0?v({},e):null}function ae(n,r,i,a,o,s,c,l,u){var d,f,p,h,g,v,b,x=i.props||m,S=r.props,C=r.type;if(C==`svg`?o=`http://www.w3.org/2000/svg`:C==`math`?o=`http://www.w3.org/1998/Math/MathML`:o||=`http://www.w3.org/1999/xhtml`,s!=null){for(d=0;d<s.length;d++)if((g=s[d])&&`setAttribute`in g==!!C&&(C?g.localName==C:g.nodeType==3)){n=g,s[d]=null;break}}if(n==null){if(C==null)return document.createTextNode(S);n=document.createElementNS(o,C,S.is&&S),l&&=(t.__m&&t.__m(r,s),!1),s=null}if(C==null)x===S||l&&n.data==S||(n.data=S);else{if(s=C==`textarea`&&S.defaultValue!=null?null:s&&e.call(n.childNodes),!l&&s!=null)for(x={},d=0;d<n.attributes.length;d++)x[(g=n.attributes[d]).name]=g.value;for(d in x)g=x[d],d==`dangerouslySetInnerHTML`?p=g:d==`children`||d in S||d==`value`&&`defaultValue`in S||d==`checked`&&`defaultChecked`in S||M(n,d,null,g,o);for(d in S)g=S[d],d==`children`?h=g:d==`dangerouslySetInnerHTML`?f=g:d==`value`?v=g:d==`checked`?b=g:l&&typeof g!=`function`||x[d]===g||M(n,d,g,x[d],o);if(f)l||p&&(f.__html==p.__html||f.__html==n.innerHTML)||(n.innerHTML=f.__html),r.__k=[];else if(p&&(n.innerHTML=``),ee(r.type==`template`?n.content:n,_(h)?h:[h],r,i,a,C==`foreignObject`?`http://www.w3.org/1999/xhtml`:o,s,c,s?s[0]:i.__k&&w(i,0),l,u),s!=null)for(d=s.length;d--;)y(s[d]);l&&C!=`textarea`||(d=`value`,C==`progress`&&v==null?n.removeAttribute(`value`):v!=null&&(v!==n[d]||C==`progress`&&!v||C==`option`&&v!=x[d])&&M(n,d,v,x[d],o),d=`checked`,b!=null&&b!=n[d]&&M(n,d,b,x[d],o))}return n}function oe(e,n,r){try{if(typeof e==`function`){var i=typeof e.__u==`function`;i&&e.__u(),i&&n==null||(e.__u=e(n))}else e.current=n}catch(e){t.__e(e,r)}}function se(e,n,r){var i,a;if(t.unmount&&t.unmount(e),(i=e.ref)&&(i.current&&i.current!=e.__e||oe(i,null,n)),(i=e.__c)!=null){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(e){t.__e(e,n)}i.base=i.__P=i.__n=null}if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&se(i[a],n,r||typeof e.type!=`function`);r||y(e.__e),e.__c=e.__=e.__e=void 0}function F(e,t,n){return this.constructor(e,n)}function ce(n,r,i){var a,o,s,c;r==document&&(r=document.documentElement),t.__&&t.__(n,r),o=(a=typeof i==`function`)?null:i&&i.__k||r.__k,s=[],c=[],ne(r,n=(!a&&i||r).__k=b(S,null,[n]),o||m,m,r.namespaceURI,!a&&i?[i]:o?null:r.firstChild?e.call(r.childNodes):null,s,!a&&i?i:o?o.__e:r.firstChild,a,c),P(s,n,c),n.props.children=null}e=h.slice,t={__e:function(e,t,n,r){for(var i,a,o;t=t.__;)if((i=t.__c)&&!i.__)try{if((a=i.constructor)&&a.getDerivedStateFromError!=null&&(i.setState(a.getDerivedStateFromError(e)),o=i.__d),i.componentDidCatch!=null&&(i.componentDidCatch(e,r||{}),o=i.__d),o)return i.__E=i}catch(t){e=t}throw e}},n=0,C.prototype.setState=function(e,t){var n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=v({},this.state);typeof e==`function`&&(e=e(v({},n),this.props)),e&&v(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),D(this))},C.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),D(this))},C.prototype.render=S,r=[],a=typeof Promise==`function`?Promise.prototype.then.bind(Promise.resolve()):setTimeout,o=function(e,t){return e.__v.__b-t.__v.__b},O.__r=0,s=Math.random().toString(8),c=`__d`+s,l=`__a`+s,u=/(PointerCapture)$|Capture$/i,d=0,f=N(!1),p=N(!0);var le=[{code:`es`,name:`Español`},{code:`en`,name:`English`},{code:`pt`,name:`Português`},{code:`tr`,name:`Türkçe`},{code:`th`,name:`ไทย`}],ue=`cuatrola.lang`,de={},fe=new Set,pe=`es`;async function me(e){if(!de[e]){let t=await fetch(`/i18n/${e}.json`);if(!t.ok)throw Error(`catalogue ${e}: HTTP ${t.status}`);de[e]=await t.json()}return de[e]}function he(e,t=[]){let n=e=>le.some(t=>t.code===e);if(n(e))return e;for(let e of t||[]){let t=String(e).toLowerCase().split(/[-_]/)[0];if(n(t))return t}return`es`}function ge(){let e=null;try{e=localStorage.getItem(ue)}catch{}let t=typeof navigator>`u`?[]:navigator.languages?.length?navigator.languages:[navigator.language];return he(e,t)}async function _e(e,{remember:t=!0}={}){le.some(t=>t.code===e)||(e=`es`),await Promise.all([me(`es`),me(e)]),pe=e;try{t&&localStorage.setItem(ue,e)}catch{}document.documentElement.lang=e;for(let t of fe)t(e)}function ve(){return pe}function ye(e){return fe.add(e),()=>fe.delete(e)}function I(e,t={}){let n=de[pe]?.[e]??de.es?.[e];return n===void 0&&(console.warn(`missing translation: ${e}`),n=e),n.replace(/\{(\w+)\}/g,(e,n)=>n in t?String(t[n]):e)}function be(e){return de.es?.[e]!==void 0}var xe=[`O`,`C`,`E`,`B`],Se=[`A`,`3`,`R`,`C`,`S`],Ce=[`oros`,`copas`,`espadas`,`bastos`],we=[`as`,`tres`,`rey`,`caballo`,`sota`],Te=[`1`,`3`,`12`,`11`,`10`],Ee=[`letters`,`numbers`],De=`letters`;function Oe(e){De=Ee.includes(e)?e:`letters`}function ke(){return De}function Ae(e,t=De){return(t===`numbers`?Te:Se)[Fe(e)]}var je=[`#8a5a00`,`#b3261e`,`#1d4f91`,`#2f6b2f`],L=[`#e2a91f`,`#d23b2f`,`#2f6fc4`,`#3f8f3a`],R=[`#7a4b00`,`#6d1410`,`#153a6e`,`#1e4d1e`],Me=`#f3cfa6`,Ne=`#9a6332`;function Pe(e){return Math.floor(e/5)}function Fe(e){return e%5}function Ie(e){return Se[Fe(e)]+xe[Pe(e)]}function z(e){if(typeof e==`number`)return e;let t=String(e).toUpperCase(),n=Se.indexOf(t[0]),r=xe.indexOf(t[1]);if(t.length!==2||n<0||r<0)throw Error(`bad card ${e}`);return r*5+n}function Le(e){let t=[];for(let n=0;n<12;n++){let r=n*Math.PI/6;t.push(`<circle cx="${(38*Math.cos(r)).toFixed(1)}" cy="${(38*Math.sin(r)).toFixed(1)}" r="2.6" fill="${R[e]}"/>`)}let n=[];for(let e=0;e<16;e++){let t=e*Math.PI/8-Math.PI/2,r=e%2?9:24;n.push(`${(r*Math.cos(t)).toFixed(1)},${(r*Math.sin(t)).toFixed(1)}`)}return`<circle r="46" fill="${L[0]}" stroke="${R[0]}" stroke-width="4"/><circle r="32" fill="#f3c94a" stroke="${R[0]}" stroke-width="2.5"/>`+t.join(``)+`<polygon points="${n.join(` `)}" fill="${L[0]}" stroke="${R[0]}" stroke-width="2"/><circle r="6" fill="${R[0]}"/>`}function Re(){let e=R[1];return`<path d="M-36 -36 C-36 -4 -16 8 -7 10 L7 10 C16 8 36 -4 36 -36 Z" fill="${L[1]}" stroke="${e}" stroke-width="3.5" stroke-linejoin="round"/><ellipse cy="-36" rx="36" ry="9" fill="#f4b63f" stroke="${e}" stroke-width="3.5"/><ellipse cy="-36" rx="26" ry="5" fill="${e}"/><path d="M-30 -18 Q0 -8 30 -18" fill="none" stroke="#f4b63f" stroke-width="4"/><rect x="-5" y="9" width="10" height="20" fill="#f4b63f" stroke="${e}" stroke-width="3"/><ellipse cy="19" rx="11" ry="5.5" fill="${L[1]}" stroke="${e}" stroke-width="3"/><path d="M-27 46 C-22 34 -10 30 -6 28 L6 28 C10 30 22 34 27 46 Z" fill="${L[1]}" stroke="${e}" stroke-width="3.5" stroke-linejoin="round"/>`}function ze(){let e=R[2];return`<path d="M0 -50 L7 -38 L7 20 L-7 20 L-7 -38 Z" fill="#dfe7f2" stroke="${e}" stroke-width="3" stroke-linejoin="round"/><line x1="0" y1="-40" x2="0" y2="16" stroke="${e}" stroke-width="2"/><path d="M-26 18 Q-30 24 -24 29 L24 29 Q30 24 26 18 Z" fill="${L[2]}" stroke="${e}" stroke-width="3" stroke-linejoin="round"/><circle cx="-28" cy="23" r="4.5" fill="${L[2]}" stroke="${e}" stroke-width="2.5"/><circle cx="28" cy="23" r="4.5" fill="${L[2]}" stroke="${e}" stroke-width="2.5"/><rect x="-5" y="29" width="10" height="13" fill="${L[2]}" stroke="${e}" stroke-width="2.5"/><circle cy="46" r="6.5" fill="#f4b63f" stroke="${e}" stroke-width="2.5"/>`}function Be(){let e=R[3];return`<path d="M-7 47 L-15 -26 C-18 -48 18 -48 15 -26 L7 47 Z" fill="${Ne}" stroke="#4a2c10" stroke-width="3.5" stroke-linejoin="round"/><path d="M-13 -8 L-24 -16 L-22 -4 Z" fill="${Ne}" stroke="#4a2c10" stroke-width="2.5" stroke-linejoin="round"/><path d="M12 12 L24 4 L21 17 Z" fill="${Ne}" stroke="#4a2c10" stroke-width="2.5" stroke-linejoin="round"/><ellipse cx="-3" cy="-28" rx="4" ry="6" fill="#6b3f18"/><ellipse cx="4" cy="-4" rx="3" ry="5" fill="#6b3f18"/><ellipse cx="-2" cy="22" rx="3" ry="4.5" fill="#6b3f18"/><path d="M-24 -16 C-38 -22 -40 -34 -30 -38 C-26 -28 -24 -22 -24 -16 Z" fill="${L[3]}" stroke="${e}" stroke-width="2.5"/><path d="M24 4 C38 -2 42 -14 33 -20 C28 -10 25 -4 24 4 Z" fill="${L[3]}" stroke="${e}" stroke-width="2.5"/>`}var Ve=[Le,Re,ze,Be];function B(e,t,n,r,i=0){return`<g transform="translate(${t} ${n}) scale(${r})${i?` rotate(${i})`:``}">${Ve[e](e)}</g>`}function He(e){return`<svg class="suit-icon" viewBox="-52 -52 104 104" aria-hidden="true" focusable="false">${Ve[e](e)}</svg>`}var Ue=120,We=180;function Ge(e){let t=je[e],n=e,r=[],i=e=>{if(n===0){r.push(`M9 ${e} H111`);return}let t=(102-7*n)/(n+1),i=9;for(let a=0;a<=n;a++)r.push(`M${i.toFixed(1)} ${e} h${t.toFixed(1)}`),i+=t+7};return i(9),i(171),r.push(`M9 9 V171`,`M111 9 V171`),`<path d="${r.join(` `)}" fill="none" stroke="${t}" stroke-width="1.6" opacity="0.75"/>`}function Ke(e,t){let n=Pe(e),r=Ae(e,t),i=je[n],a=`<rect x="5" y="8" width="25" height="52" rx="4" fill="#fdf9ee"/><text x="17" y="33" text-anchor="middle" font-family="'DejaVu Sans','Liberation Sans',Arial,sans-serif" font-weight="700" font-size="${r.length>1?19:27}"${r.length>1?` letter-spacing="-1"`:``} fill="${i}">${r}</text>`+B(n,17,48,.19);return`<g class="idx">${a}</g><g transform="rotate(180 ${Ue/2} ${We/2})">${a}</g>`}function qe(e){let t=Pe(e);if(Fe(e)===0)return`<ellipse cx="60" cy="90" rx="38" ry="52" fill="${L[t]}" opacity="0.12"/><ellipse cx="60" cy="90" rx="38" ry="52" fill="none" stroke="${je[t]}" stroke-width="1" stroke-dasharray="3 3" opacity="0.6"/>`+B(t,60,90,.72);if(t<=1)return[52,90,128].map((e,n)=>B(t,n===1?62:58,e,.34)).join(``);let n=t===3?.62:.74;return B(t,40,94,n,-18)+B(t,80,94,n,18)+B(t,60,88,n)}function Je(e,t,n){return`<circle cx="${e}" cy="${t}" r="${n}" fill="${Me}" stroke="#5a3a1c" stroke-width="1.6"/><circle cx="${e-n*.35}" cy="${t-n*.1}" r="1.2" fill="#3a2410"/><circle cx="${e+n*.35}" cy="${t-n*.1}" r="1.2" fill="#3a2410"/>`}function Ye(e,t,n,r,i){let[a,o]=t,[s,c]=n,l=`<path d="M${a} ${o} L${s} ${c}" stroke="${i}" stroke-width="7" stroke-linecap="round"/>`,u=`<circle cx="${s}" cy="${c}" r="3.4" fill="${Me}" stroke="#5a3a1c" stroke-width="1"/>`,d;return d=e===0?B(0,s+4,c+2,r):e===1?B(1,s,c-11*r*4,r):e===2?B(2,s,c-35*r*2.4,r*2.4):B(3,s+2,c+4,r*2.3,8),e===0||e===3?l+d+u:l+u+d}function Xe(e,t,n,r){let i=R[e],a=[];if(e===0)for(let e=t+4;e<=n-3;e+=7)a.push(`<circle cx="${e}" cy="${r}" r="2.2" fill="#f9dc7a" stroke="${i}" stroke-width="0.8"/>`);else if(e===1)a.push(`<path d="M${t} ${r-3} H${n} M${t} ${r+3} H${n}" stroke="#f4b63f" stroke-width="2.2"/>`);else if(e===2){let e=`M${t} ${r-3}`;for(let i=t;i<n;i+=6)e+=` L${i+3} ${r+3} L${Math.min(i+6,n)} ${r-3}`;a.push(`<path d="${e}" fill="none" stroke="#dfe7f2" stroke-width="1.8"/>`)}else for(let e=t+3;e<=n-3;e+=8)a.push(`<path d="M${e} ${r-4} l3 4 l-3 4 l-3 -4 Z" fill="#e8d9a8" stroke="${i}" stroke-width="0.7"/>`);return a.join(``)}function Ze(e){let t=L[e],n=R[e];return`<rect x="50" y="112" width="8" height="36" fill="#f0e2c4" stroke="#5a3a1c" stroke-width="1.4"/><rect x="62" y="112" width="8" height="36" fill="#f0e2c4" stroke="#5a3a1c" stroke-width="1.4"/><path d="M46 148 h13 v5 h-13 Z M61 148 h13 v5 h-13 Z" fill="#3a2410"/><path d="M45 64 L75 64 L82 114 L38 114 Z" fill="${t}" stroke="${n}" stroke-width="2" stroke-linejoin="round"/><rect x="41" y="92" width="38" height="5" fill="#f4b63f" stroke="${n}" stroke-width="1"/><path d="M60 64 V114" stroke="${n}" stroke-width="1.2"/>`+Xe(e,40,80,107)+`<path d="M46 70 L40 90" stroke="${t}" stroke-width="7" stroke-linecap="round"/>`+Je(60,50,11)+`<path d="M47 46 Q48 32 62 33 Q74 34 74 45 Z" fill="${n}"/><path d="M70 37 Q80 26 86 30" fill="none" stroke="#f4b63f" stroke-width="2.5" stroke-linecap="round"/>`+Ye(e,[74,70],[[84,84],[86,60],[88,100],[86,90]][e],.24,t)}var Qe=[`#efe6d4`,`#c98b5b`,`#d9dde3`,`#9c6b45`];function $e(e){let t=L[e],n=R[e],r=Qe[e],i=`#5a3a1c`;return`<path d="M36 118 L32 152 M46 122 L44 153 M78 122 L82 153 M88 116 L94 150" stroke="${i}" stroke-width="5" stroke-linecap="round"/><ellipse cx="62" cy="112" rx="32" ry="15" fill="${r}" stroke="${i}" stroke-width="2"/><path d="M38 106 L26 78 L14 84 L12 76 L26 64 L36 68 L48 100 Z" fill="${r}" stroke="${i}" stroke-width="2" stroke-linejoin="round"/><path d="M27 65 L33 58 L35 67" fill="${r}" stroke="${i}" stroke-width="1.6"/><circle cx="24" cy="72" r="1.6" fill="${i}"/><path d="M32 70 Q40 84 44 98" fill="none" stroke="${n}" stroke-width="3"/><path d="M94 106 Q106 116 100 132" fill="none" stroke="${i}" stroke-width="4" stroke-linecap="round"/><path d="M50 100 L78 100 L82 122 L48 122 Z" fill="${t}" stroke="${n}" stroke-width="1.6"/>`+Xe(e,50,80,116)+`<path d="M54 100 L70 100 L68 74 L56 74 Z" fill="${t}" stroke="${n}" stroke-width="1.8" stroke-linejoin="round"/><path d="M58 100 L56 116 M66 100 L70 116" stroke="#3a2410" stroke-width="4" stroke-linecap="round"/>`+Je(62,64,9)+`<path d="M52 60 Q62 46 72 60 Z" fill="${n}"/>`+Ye(e,[68,78],[[84,64],[84,60],[84,66],[82,70]][e],.2,t)}function et(e){let t=L[e],n=R[e],r=[];for(let e=76;e<148;e+=12)r.push(`<circle cx="60" cy="${e}" r="1.4" fill="#222"/>`);return`<path d="M44 66 L76 66 L90 152 L30 152 Z" fill="${t}" stroke="${n}" stroke-width="2" stroke-linejoin="round"/>`+Xe(e,34,86,140)+`<path d="M55 66 L65 66 L67 152 L53 152 Z" fill="#fbf7ec" stroke="${n}" stroke-width="1"/>`+r.join(``)+`<path d="M30 152 L90 152" stroke="#f4b63f" stroke-width="4"/>`+Je(60,52,11)+`<path d="M50 55 Q60 74 70 55 Q60 62 50 55 Z" fill="#8a7a6a" stroke="#5a3a1c" stroke-width="1"/><path d="M47 42 L47 28 L53 36 L60 24 L67 36 L73 28 L73 42 Z" fill="#f4b63f" stroke="#7a4b00" stroke-width="1.8" stroke-linejoin="round"/><circle cx="60" cy="36" r="2" fill="${L[1]}"/>`+Ye(e,[76,72],[[86,88],[88,66],[90,104],[88,94]][e],.26,t)}var tt=[null,null,et,$e,Ze];function nt(e,t){let n=Pe(e),r=Fe(e),i=r>=2?tt[r](n):qe(e);return`<rect x="1" y="1" width="118" height="178" rx="9" fill="#fdf9ee" stroke="#9c8f78" stroke-width="1.5"/>`+Ge(n)+i+Ke(e,t)}function rt(){let e=[];for(let t=-200;t<=200;t+=12)e.push(`M${t} 0 L${t+200} 200`,`M${t+200} 0 L${t} 200`);return`<rect x="1" y="1" width="118" height="178" rx="9" fill="#fdf9ee" stroke="#9c8f78" stroke-width="1.5"/><rect x="8" y="8" width="104" height="164" rx="5" fill="#7d1f2c"/><svg x="8" y="8" width="104" height="164" viewBox="0 0 104 164"><path d="${e.join(` `)}" stroke="#c8953a" stroke-width="1" opacity="0.55"/></svg><rect x="12" y="12" width="96" height="156" rx="4" fill="none" stroke="#e7c36a" stroke-width="1.5"/><circle cx="60" cy="90" r="33" fill="#7d1f2c" stroke="#e7c36a" stroke-width="2"/><circle cx="60" cy="90" r="28" fill="#fdf3dc" stroke="#e7c36a" stroke-width="1"/>`+B(0,60,73,.16)+B(1,43,90,.16)+B(2,77,90,.16)+B(3,60,107,.16)+`<path d="M60 30 L66 40 L60 50 L54 40 Z M60 130 L66 140 L60 150 L54 140 Z" fill="#e7c36a"/>`}var it=new Map;function V(e,t=De){let n=e==null?`back`:`${t}:${e}`;if(!it.has(n)){let r=n===`back`?rt():nt(e,t);it.set(n,`<svg class="card-svg" viewBox="0 0 ${Ue} ${We}" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false">${r}</svg>`)}return it.get(n)}var at=`cuatrola.deck`,ot=new Set;function st(e){try{return localStorage.getItem(e)}catch{return null}}function ct(e,t){try{localStorage.setItem(e,t)}catch{}}function lt(){let e=st(at);return Ee.includes(e)?e:`letters`}function ut(){Oe(lt())}function dt(e){let t=Ee.includes(e)?e:`letters`;ct(at,t),Oe(t);for(let e of ot)e()}function ft(e){return ot.add(e),()=>ot.delete(e)}var pt,H,mt,ht,gt=0,_t=[],U=t,vt=U.__b,yt=U.__r,bt=U.diffed,xt=U.__c,St=U.unmount,Ct=U.__;function wt(e,t){U.__h&&U.__h(H,e,gt||t),gt=0;var n=H.__H||(H.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function W(e){return gt=1,Tt(Ft,e)}function Tt(e,t,n){var r=wt(pt++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):Ft(void 0,t),function(e){var t=r.__N?r.__N[0]:r.__[0],n=r.t(t,e);t!==n&&(r.__N=[n,r.__[1]],r.__c.setState({}))}],r.__c=H,!H.__f)){var i=function(e,t,n){if(!r.__c.__H)return!0;var i=!1,o=r.__c.props!==e;if(r.__c.__H.__.some(function(e){if(e.__N){i=!0;var t=e.__[0];e.__=e.__N,e.__N=void 0,t!==e.__[0]&&(o=!0)}}),a){var s=a.call(this,e,t,n);return i?s||o:s}return!i||o};H.__f=!0;var a=H.shouldComponentUpdate,o=H.componentWillUpdate;H.componentWillUpdate=function(e,t,n){if(this.__e){var r=a;a=void 0,i(e,t,n),a=r}o&&o.call(this,e,t,n)},H.shouldComponentUpdate=i}return r.__N||r.__}function G(e,t){var n=wt(pt++,3);!U.__s&&Pt(n.__H,t)&&(n.__=e,n.u=t,H.__H.__h.push(n))}function Et(e,t){var n=wt(pt++,4);!U.__s&&Pt(n.__H,t)&&(n.__=e,n.u=t,H.__h.push(n))}function K(e){return gt=5,Dt(function(){return{current:e}},[])}function Dt(e,t){var n=wt(pt++,7);return Pt(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function Ot(e,t){return gt=8,Dt(function(){return e},t)}function kt(){for(var e;e=_t.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(Mt),t.__h.some(Nt),t.__h=[]}catch(n){t.__h=[],U.__e(n,e.__v)}}}U.__b=function(e){H=null,vt&&vt(e)},U.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),Ct&&Ct(e,t)},U.__r=function(e){yt&&yt(e),pt=0;var t=(H=e.__c).__H;t&&(mt===H?(t.__h=[],H.__h=[],t.__.some(function(e){e.__N&&(e.__=e.__N),e.u=e.__N=void 0})):(t.__h.some(Mt),t.__h.some(Nt),t.__h=[],pt=0)),mt=H},U.diffed=function(e){bt&&bt(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(_t.push(t)!==1&&ht===U.requestAnimationFrame||((ht=U.requestAnimationFrame)||jt)(kt)),t.__H.__.some(function(e){e.u&&=(e.__H=e.u,void 0)})),mt=H=null},U.__c=function(e,t){t.some(function(e){try{e.__h.some(Mt),e.__h=e.__h.filter(function(e){return!e.__||Nt(e)})}catch(n){t.some(function(e){e.__h&&=[]}),t=[],U.__e(n,e.__v)}}),xt&&xt(e,t)},U.unmount=function(e){St&&St(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.some(function(e){try{Mt(e)}catch(e){t=e}}),n.__H=void 0,t&&U.__e(t,n.__v))};var At=typeof requestAnimationFrame==`function`;function jt(e){var t,n=function(){clearTimeout(r),At&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);At&&(t=requestAnimationFrame(n))}function Mt(e){var t=H,n=e.__c;typeof n==`function`&&(e.__c=void 0,n()),H=t}function Nt(e){var t=H;e.__c=e.__(),H=t}function Pt(e,t){return!e||e.length!==t.length||t.some(function(t,n){return t!==e[n]})}function Ft(e,t){return typeof t==`function`?t(e):t}var It=function(e,t,n,r){var i;t[0]=0;for(var a=1;a<t.length;a++){var o=t[a++],s=t[a]?(t[0]|=o?1:2,n[t[a++]]):t[++a];o===3?r[0]=s:o===4?r[1]=Object.assign(r[1]||{},s):o===5?(r[1]=r[1]||{})[t[++a]]=s:o===6?r[1][t[++a]]+=s+``:o?(i=e.apply(s,It(e,s,n,[``,null])),r.push(i),s[0]?t[0]|=2:(t[a-2]=0,t[a]=i)):r.push(s)}return r},Lt=new Map;function Rt(e){var t=Lt.get(this);return t||(t=new Map,Lt.set(this,t)),(t=It(this,t.get(e)||(t.set(e,t=function(e){for(var t,n,r=1,i=``,a=``,o=[0],s=function(e){r===1&&(e||(i=i.replace(/^\s*\n\s*|\s*\n\s*$/g,``)))?o.push(0,e,i):r===3&&(e||i)?(o.push(3,e,i),r=2):r===2&&i===`...`&&e?o.push(4,e,0):r===2&&i&&!e?o.push(5,0,!0,i):r>=5&&((i||!e&&r===5)&&(o.push(r,0,i,n),r=6),e&&(o.push(r,e,0,n),r=6)),i=``},c=0;c<e.length;c++){c&&(r===1&&s(),s(c));for(var l=0;l<e[c].length;l++)t=e[c][l],r===1?t===`<`?(s(),o=[o],r=3):i+=t:r===4?i===`--`&&t===`>`?(r=1,i=``):i=t+i[0]:a?t===a?a=``:i+=t:t===`"`||t===`'`?a=t:t===`>`?(s(),r=1):r&&(t===`=`?(r=5,n=i,i=``):t===`/`&&(r<5||e[c][l+1]===`>`)?(s(),r===3&&(o=o[0]),r=o,(o=o[0]).push(2,0,r),r=0):t===` `||t===`	`||t===`
`||t===`\r`?(s(),r=2):i+=t),r===3&&i===`!--`&&(r=4,o=o[0])}return s(),o}(e)),t),arguments,[])).length>1?t:t[0]}var zt=Rt.bind(b),Bt={first:`M6 5h2v14H6zM20 5v14L9.5 12z`,prev:`M15.5 5v14L5 12z`,next:`M8.5 5v14L19 12z`,last:`M16 5h2v14h-2zM4 5v14l10.5-7z`,play:`M7 4.5v15L19.5 12z`,pause:`M6 5h4v14H6zM14 5h4v14h-4z`,close:`M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z`,back:`M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z`,reload:`M17.7 6.3A8 8 0 1 0 19.8 14h-2.1a6 6 0 1 1-1.4-6.2L13 11h7V4z`,settings:`M19.4 13a7.6 7.6 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.4 7.4 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.4 7.4 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.6 7.6 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.4 7.4 0 0 0 1.7 1l.4 2.7h4l.4-2.7a7.4 7.4 0 0 0 1.7-1l2.5 1 2-3.5zM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z`,download:`M11 4h2v8.2l3.3-3.3 1.4 1.4L12 16l-5.7-5.7 1.4-1.4 3.3 3.3zM5 18h14v2H5z`,offline:`M2.3 3.7 3.7 2.3l18 18-1.4 1.4-3.5-3.5A4 4 0 0 1 17 20H7a5 5 0 0 1-1.6-9.7 7 7 0 0 1 .7-2.2zM9.4 5.5A7 7 0 0 1 19 10a4.5 4.5 0 0 1 2.4 7.6z`,person:`M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z`};function Vt({name:e,size:t=18,class:n=``}){return zt`<svg class=${`icon icon-${e}${n?` ${n}`:``}`} width=${t} height=${t}
    viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d=${Bt[e]} fill="currentColor" /></svg>`}Object.keys(Bt);var Ht=new TextEncoder().encode(`cuatrola-shuffle/1`),Ut=/^(?:[0-9a-f]{2})+$/;function Wt(e,t=1,n=64){if(typeof e!=`string`||!Ut.test(e))return null;let r=e.length/2;if(r<t||r>n)return null;let i=new Uint8Array(r);for(let t=0;t<r;t++)i[t]=parseInt(e.slice(2*t,2*t+2),16);return i}var Gt=e=>[...new Uint8Array(e)].map(e=>e.toString(16).padStart(2,`0`)).join(``);async function Kt(e){return Gt(await crypto.subtle.digest(`SHA-256`,e))}function qt(e){let t=[...e].sort((e,t)=>e.seat-t.seat),n=[Ht,Uint8Array.of(t.length)];for(let{seat:e,value:r}of t)n.push(Uint8Array.of(e,r.length),r);let r=new Uint8Array(n.reduce((e,t)=>e+t.length,0)),i=0;for(let e of n)r.set(e,i),i+=e.length;return r}async function Jt(e,t){let n=await crypto.subtle.importKey(`raw`,e,{name:`HMAC`,hash:`SHA-256`},!1,[`sign`]),r=qt(t),i=new Uint8Array,a=0,o=0,s=async()=>{if(a>=i.length){let e=new Uint8Array(r.length+4);e.set(r),new DataView(e.buffer).setUint32(r.length,o),o+=1,i=new Uint8Array(await crypto.subtle.sign(`HMAC`,n,e)),a=0}return i[a++]},c=Array.from({length:20},(e,t)=>t);for(let e=19;e>0;e--){let t=e+1,n=256-256%t,r=await s();for(;r>=n;)r=await s();let i=r%t;[c[e],c[i]]=[c[i],c[e]]}return c}function Yt(e,t){let n=[[],[],[],[]];return e.forEach((e,r)=>n[(t+1+r)%4].push(Ie(e))),n}var Xt=(e,t)=>e.length===t.length&&[...e].map(z).sort((e,t)=>e-t).join()===[...t].map(z).sort((e,t)=>e-t).join();async function Zt(e){let t=e&&e.shuffle;if(t==null)return{status:`none`};let n=e=>({status:`mismatch`,what:e});if(typeof t!=`object`||t.version!==1)return n(`shuffle`);let r=Wt(t.seed,32,32);if(!r||typeof t.commitment!=`string`)return n(`shuffle`);if(!Array.isArray(t.contributions))return n(`contribution`);let i=[];for(let e of t.contributions){let t=e&&Wt(e.value),r=e&&e.seat;if(!t||![0,1,2,3].includes(r)||i.some(e=>e.seat===r))return n(`contribution`);i.push({seat:r,value:t})}if(await Kt(r)!==t.commitment)return n(`commitment`);let a=await Jt(r,i),o=Yt(a,e.dealer);return!Array.isArray(e.hands)||o.some((t,n)=>!Array.isArray(e.hands[n])||!Xt(t,e.hands[n]))?n(`hands`):typeof e.trump!=`string`||z(e.trump)!==a[19]?n(`trump`):{status:`verified`}}function Qt(){return Gt(crypto.getRandomValues(new Uint8Array(32)))}function $t(e){let t=new Map,n=new Set,r=(r,i)=>{let a=t.get(r);i&&a!=null&&(i.seats||[]).includes(a)&&(n.has(i.commitment)||(n.add(i.commitment),e.command(`contribute`,{table:r,value:Qt()}).catch(()=>null)))};e.on(`sync`,e=>{t.set(e.table,e.seat),r(e.table,e.shuffle)}),e.on(`event`,n=>{let i=n.body;if(i){if(i.kind===`seats`&&e.user){let r=(i.info.seats||[]).find(t=>t.user===e.user.id);t.set(n.table,r?r.seat:null)}else i.kind===`shuffle_commit`&&r(n.table,i)}})}var en=`cuatrola.token`;function tn(){try{return localStorage.getItem(en)}catch{return null}}function nn(e){try{e?localStorage.setItem(en,e):localStorage.removeItem(en)}catch{}}var rn=class extends Error{constructor(e,t,n=0){super(t||e),this.code=e,this.status=n}};async function an(e,t,n,r=tn()){let i={Accept:`application/json`};n!==void 0&&(i[`Content-Type`]=`application/json`),r&&(i.Authorization=`Bearer ${r}`);let a;try{a=await fetch(`/api${t}`,{method:e,headers:i,body:n===void 0?void 0:JSON.stringify(n)})}catch{throw new rn(`network`,`network error`)}let o=null,s=await a.text();if(s)try{o=JSON.parse(s)}catch{o=null}if(!a.ok)throw new rn(o&&typeof o.error==`string`?o.error:`http_${a.status}`,o&&typeof o.message==`string`?o.message:``,a.status);return o}var on=0;function sn(){return on+=1,`w${Date.now().toString(36)}${Math.random().toString(36).slice(2,6)}${on}`}var cn=30,ln=1e3,un=class{constructor(e){this.token=e,this.ws=null,this.status=`idle`,this.user=null,this.pending=new Map,this.tables=new Map,this.lobbyOn=!1,this.queued=!1,this.handlers=new Map,this.retry=0,this.timer=null,this.pingTimer=null,this.closedByUs=!1,$t(this)}on(e,t){return this.handlers.has(e)||this.handlers.set(e,new Set),this.handlers.get(e).add(t),()=>this.handlers.get(e).delete(t)}emit(e,t){for(let n of this.handlers.get(e)||[])try{n(t)}catch(e){console.error(e)}}setStatus(e){this.status=e,this.emit(`state`,{status:e})}url(){return`${location.protocol===`https:`?`wss`:`ws`}://${location.host}/ws`}connect(){this.closedByUs=!1,clearTimeout(this.timer),this.setStatus(this.retry?`reconnecting`:`connecting`);let e;try{e=new WebSocket(this.url())}catch{this.scheduleReconnect();return}this.ws=e,e.onopen=()=>{e.send(JSON.stringify({type:`hello`,token:this.token,client:`web/1.0`}))},e.onmessage=e=>{let t;try{t=JSON.parse(e.data)}catch{return}this.handle(t)},e.onclose=()=>{this.ws===e&&(this.ws=null,clearInterval(this.pingTimer),this.closedByUs?this.setStatus(`closed`):this.scheduleReconnect())},e.onerror=()=>{}}scheduleReconnect(){this.retry+=1,this.setStatus(`reconnecting`);let e=Math.min(8e3,400*2**Math.min(this.retry-1,5))*(.8+Math.random()*.4);this.timer=setTimeout(()=>this.connect(),e)}close(){this.closedByUs=!0,clearTimeout(this.timer),clearInterval(this.pingTimer),this.ws&&this.ws.close();for(let{reject:e}of this.pending.values())e(new rn(`closed`,`closed`));this.pending.clear()}drop(){this.ws&&this.ws.close()}sendRaw(e){return this.ws&&this.ws.readyState===WebSocket.OPEN&&this.status===`open`?(this.ws.send(JSON.stringify(e)),!0):!1}command(e,t={}){let n={type:e,id:sn(),...t};return new Promise((e,t)=>{this.pending.set(n.id,{msg:n,resolve:e,reject:t}),this.sendRaw(n)})}subscribe(e,{fresh:t=!1}={}){return(t||!this.tables.has(e))&&this.tables.set(e,null),this.command(`subscribe`,{table:e,since:this.tables.get(e)??void 0})}unsubscribe(e){return this.tables.delete(e),this.command(`unsubscribe`,{table:e}).catch(()=>null)}lobby(e){this.lobbyOn=e,this.sendRaw({type:`lobby`,on:e})}handle(e){switch(e.type===`queue`?this.queued=!!e.on:e.type===`seated`&&(this.queued=!1),e.type){case`welcome`:{this.user=e.user,this.retry=0,this.setStatus(`open`),clearInterval(this.pingTimer),this.pingTimer=setInterval(()=>this.sendRaw({type:`ping`,nonce:0}),25e3),this.emit(`welcome`,e),this.lobbyOn&&this.sendRaw({type:`lobby`,on:!0});let t=[...this.pending.values()].map(e=>e.msg);for(let e of t)e.type===`subscribe`&&this.tables.has(e.table)&&(e.since=this.tables.get(e.table)??void 0),this.sendRaw(e);for(let[e,n]of this.tables)t.some(t=>t.type===`subscribe`&&t.table===e)||this.command(`subscribe`,{table:e,since:n??void 0}).catch(()=>null);this.queued&&!t.some(e=>e.type===`quick_match`)&&this.command(`quick_match`,{on:!0}).catch(()=>null);break}case`ack`:{let t=this.pending.get(e.id);t&&(this.pending.delete(e.id),t.resolve(e));break}case`error`:if(e.id&&this.pending.has(e.id)){let t=this.pending.get(e.id);if(e.code===`unavailable`&&(t.tries||0)<cn){t.tries=(t.tries||0)+1,setTimeout(()=>this.pending.get(e.id)===t&&this.sendRaw(t.msg),ln);break}this.pending.delete(e.id),t.reject(new rn(e.code,e.message))}else e.code===`unauthorized`||e.code===`bad_token`?(this.closedByUs=!0,this.emit(`unauthorized`,e)):this.emit(`error`,e);break;case`sync`:this.tables.set(e.table,e.seq),this.emit(`sync`,e);break;case`event`:{if(!this.tables.has(e.table))break;let t=this.tables.get(e.table);if(t!==null&&e.seq<=t)break;if(t!==null&&e.seq>t+1){this.command(`subscribe`,{table:e.table,since:t}).catch(()=>null);break}this.tables.set(e.table,e.seq),this.emit(`event`,e);break}default:this.emit(e.type,e)}this.emit(`message`,e)}};function dn(e){let t=e||`#/`,n;return(n=/^#\/t\/([\w-]+)$/.exec(t))?{name:`table`,id:n[1]}:(n=/^#\/join\/(\w+)$/.exec(t))?{name:`join`,code:n[1]}:(n=/^#\/replay\/(.+)$/.exec(t))?{name:`replay`,id:fn(n[1])}:(n=/^#\/player\/([\w-]+)$/.exec(t))?{name:`player`,id:n[1]}:t===`#/leaderboard`?{name:`leaderboard`}:t===`#/history`?{name:`history`}:t===`#/learn`?{name:`learn`}:t===`#/rules`?{name:`rules`}:{name:`lobby`}}function fn(e){try{return decodeURIComponent(e)}catch{return e}}var pn=e=>`#/player/${encodeURIComponent(e)}`,mn=e=>`#/replay/${encodeURIComponent(e)}`;function q(e){let t=z(e);return I(`card.name`,{rank:I(`rank.${we[Fe(t)]}`),suit:I(`suit.${Ce[Pe(t)]}`)})}function J(e){return I(`suit.${Ce[typeof e==`string`?xe.indexOf(e):e]}`)}function hn(e){let t=/^exact(\d+)$/.exec(e);if(t)return I(`rules.exactN`,{n:t[1]});if(e===`to21`)return I(`rules.to21`);let n=/^hands(\d+)$/.exec(e);return n?I(`rules.handsN`,{n:n[1]}):e}function Y(e){let t=e?.code;return t&&be(`error.${t}`)?I(`error.${t}`):e?.message?`${I(`error.generic`)} (${e.message})`:I(`error.generic`)}function gn(e,t=null){if(!e)return``;let n=e.bot_level??(e.bot&&!e.user?t:null);return n?I(`player.computer`,{level:I(`level.${n}`)}):e.name||``}var _n=Rt.bind(b),vn=/^[\u0E40-\u0E44]$/u;function yn(e){return typeof Intl<`u`&&Intl.Segmenter?Array.from(new Intl.Segmenter(void 0,{granularity:`grapheme`}).segment(e),e=>e.segment):Array.from(e)}function bn(e){let t=yn(e);return(t.find(e=>!vn.test(e))??t[0]??``).toUpperCase()}function xn(e){let t=String(e??``).normalize(`NFC`).trim().split(/[\s_.\-·]+/u).filter(Boolean);return t.length?t.length===1?bn(t[0]):bn(t[0])+bn(t[1]):`?`}function Sn(e){let t=String(e??``).normalize(`NFC`).trim().toLowerCase(),n=0x811c9dc5;for(let e=0;e<t.length;e++)n^=t.charCodeAt(e),n=Math.imul(n,16777619)>>>0;return n>>>0}function Cn(e,t,n){let r=t/100,i=n/100,a=t=>(t+e/30)%12,o=r*Math.min(i,1-i),s=e=>i-o*Math.max(-1,Math.min(a(e)-3,Math.min(9-a(e),1)));return[s(0),s(8),s(4)].map(e=>Math.round(e*255))}function wn([e,t,n]){let r=e=>{let t=e/255;return t<=.03928?t/12.92:((t+.055)/1.055)**2.4};return .2126*r(e)+.7152*r(t)+.0722*r(n)}function Tn(e){return 1.05/(wn(e)+.05)}var En=e=>`#${e.map(e=>e.toString(16).padStart(2,`0`)).join(``)}`;function Dn(e){let t=Sn(e),n=t%360,r=45+(t>>>9)%20,i=42,a=Cn(n,r,i);for(;Tn(a)<4.5&&i>10;)--i,a=Cn(n,r,i);return En(a)}var On=`#3b4a5a`;function kn({name:e,size:t=32,bot:n=!1,class:r=``}){let i=`avatar${r?` ${r}`:``}`;if(n)return _n`<svg class=${i} data-testid="avatar" data-bot="true" width=${t} height=${t}
      viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill=${On} />
      <rect x="10" y="11" width="20" height="14" rx="2.5" fill="#d8e2ec" />
      <rect x="13" y="14" width="14" height="8" rx="1" fill="#1d2935" />
      <circle cx="17" cy="18" r="1.4" fill="#7fe0a0" />
      <circle cx="23" cy="18" r="1.4" fill="#7fe0a0" />
      <path d="M16 29 h8 M20 25 v4" stroke="#d8e2ec" stroke-width="2" stroke-linecap="round" />
    </svg>`;let a=xn(e);return _n`<svg class=${i} data-testid="avatar" data-initials=${a} width=${t} height=${t}
    viewBox="0 0 40 40" aria-hidden="true" focusable="false">
    <circle cx="20" cy="20" r="20" fill=${Dn(e)} />
    <text x="20" y="20" dy="0.36em" text-anchor="middle" fill="#fff" font-weight="700"
      font-size=${a.length>1?15:19} class="avatar-text">${a}</text>
  </svg>`}var X=Rt.bind(b);function An({text:e,title:t=e,class:n=``}){return X`<span class=${`name${n?` ${n}`:``}`} title=${t}>${e}</span>`}function jn({text:e}){return e.split(/(\([^()]*\))/).map((e,t)=>t%2?X`<span class="keep-whole">${e}</span>`:e)}function Mn(e){return!!(e.bot_level||e.bot&&!e.user)}function Nn({player:e,size:t=24,link:n=!0,testid:r}){let i=Mn(e),a=gn(e),o=X`<${kn} name=${e.name} bot=${i} size=${t} /><${An} text=${a} />`;return n&&!i&&e.user?X`<a class="player-tag" href=${pn(e.user)} data-testid=${r}>${o}</a>`:X`<span class="player-tag" data-testid=${r}>${o}</span>`}function Pn(e){try{return new Intl.DateTimeFormat(ve(),{dateStyle:`medium`,timeStyle:`short`}).format(new Date(e*1e3))}catch{return new Date(e*1e3).toISOString()}}var Fn=4e3;function In(e,t){let n=!0,r=null,i=()=>e().then(e=>n&&t(e,null),e=>{n&&(t(null,e),e?.code===`network`&&(r=setTimeout(i,Fn)))});return i(),()=>{n=!1,clearTimeout(r)}}function Ln(e,t){let[n,r]=W({data:null,error:null,loading:!0});return G(()=>{if(!e)r({data:null,error:null,loading:!1});else return r({data:null,error:null,loading:!0}),In(()=>an(`GET`,e,void 0,t),(e,t)=>r({data:e,error:t,loading:!1}))},[e,t]),n}function Rn(e){return!e||typeof e!=`object`?`exact11`:e.end===`first_to`?`to${e.target}`:e.end===`hands`?`hands${e.hands}`:`exact${e.target??11}`}function zn(e,t){let n=t?e.players.find(e=>e.user===t):null;return n?n.seat&1:null}function Bn({markup:e,class:t,label:n,style:r}){return n?X`<span class=${t} style=${r} role="img" aria-label=${n} dangerouslySetInnerHTML=${{__html:e}}></span>`:X`<span class=${t} style=${r} aria-hidden="true" dangerouslySetInnerHTML=${{__html:e}}></span>`}function Vn(e,t){let[n,r]=W(()=>typeof matchMedia==`function`&&matchMedia(e).matches),i=K(n),a=K(t);return a.current=t,G(()=>{if(typeof matchMedia!=`function`)return;let t=matchMedia(e),n=()=>{t.matches!==i.current&&(a.current?.(),i.current=t.matches,r(t.matches))};return n(),t.addEventListener(`change`,n),()=>t.removeEventListener(`change`,n)},[e]),n}function Hn(e){let t=document.activeElement;return!e||!t||t===e||!e.contains(t)?null:t.dataset?.testid?{testid:t.dataset.testid}:{index:[...e.querySelectorAll(`*`)].indexOf(t)}}function Un(e,t){(t.testid?e?.querySelector(`[data-testid="${CSS.escape(t.testid)}"]`):e?.querySelectorAll(`*`)[t.index])?.focus()}function Wn(e,t){let n=K(null),r=Vn(e,()=>{n.current=Hn(t())});return Et(()=>{let e=n.current;n.current=null;let r=!document.activeElement||document.activeElement===document.body;e&&r&&Un(t(),e)}),r}function Gn({token:e,user:t,rating:n,connStatus:r,offline:i,onSignOut:a}){let o=e&&!i&&r&&![`open`,`idle`,`closed`].includes(r),s=K(null);return G(()=>{let e=s.current,t=()=>document.documentElement.style.setProperty(`--header-h`,`${e.offsetHeight}px`);t();let n=new ResizeObserver(t);return n.observe(e),()=>n.disconnect()},[]),X`<header class="site-header" ref=${s}>
    <a class="brand" href="#/" data-testid="nav-lobby">
      <${Bn} class="brand-mark" markup=${He(0)} />
      <span class="brand-name">${I(`hero.title`)}</span>
    </a>
    <nav class="main-nav" aria-label=${I(`nav.main`)}>
      <a href="#/">${I(`nav.lobby`)}</a>
      <a href="#/leaderboard" data-testid="nav-leaderboard">${I(`nav.leaderboard`)}</a>
      <a href="#/learn" data-testid="nav-learn">${I(`tutorial.nav`)}</a>
      ${e?X`<a href="#/history" data-testid="nav-history">${I(`nav.history`)}</a>`:null}
    </nav>
    <div class="header-right">
      ${o?X`<span class="conn-dot" data-testid="conn-header" title=${I(`conn.reconnecting`)}><span class="conn-words">${I(`conn.reconnecting`)}</span></span>`:null}
      ${t?X`<a class="user-chip" href=${pn(t.id)} data-testid="user-name" title=${I(`profile.open`)}>
            <${kn} name=${t.name} size=${26} />
            <${An} text=${t.name} />
            ${t.guest?X`<span class="badge guest">${I(`auth.guest`)}</span>`:null}
            ${!t.guest&&typeof n==`number`?X`<span class="badge rating" data-testid="user-rating" title=${I(`board.rating`)}>${Math.round(n)}</span>`:null}
          </a>`:null}
      ${e?X`<button class="btn small ghost" data-testid="logout" onClick=${a}>${I(`auth.logout`)}</button>`:null}
      <label class="lang">
        <span class="sr-only">${I(`nav.language`)}</span>
        <select data-testid="lang-select" aria-label=${I(`nav.language`)} onChange=${e=>_e(e.currentTarget.value)}>
          ${le.map(e=>X`<option key=${e.code} value=${e.code} selected=${e.code===ve()} lang=${e.code}>${e.name}</option>`)}
        </select>
      </label>
      <${Kn} />
    </div>
  </header>`}function Kn(){let[e,t]=W(!1),n=K(null),r=K(null);G(()=>{if(!e)return;let i=e=>{e.key===`Escape`&&(t(!1),r.current?.focus())},a=e=>{n.current&&!n.current.contains(e.target)&&t(!1)};return document.addEventListener(`keydown`,i),document.addEventListener(`pointerdown`,a),()=>{document.removeEventListener(`keydown`,i),document.removeEventListener(`pointerdown`,a)}},[e]);let i=ke(),a=(e,t)=>X`<label class=${`deck-choice${i===e?` chosen`:``}`}>
    <${Bn} class="deck-sample" markup=${t} />
    <span><input type="radio" name="deck-index" value=${e} checked=${i===e}
      data-testid=${`deck-index-${e}`} onChange=${()=>dt(e)} /><${jn} text=${I(`settings.deck.${e}`)} /></span>
  </label>`,o=e=>V(z(`RO`),e);return X`<div class="settings" ref=${n}>
    <button class="btn small ghost icon-only" ref=${r} data-testid="settings-btn"
      aria-expanded=${String(e)} aria-controls="settings-menu" aria-label=${I(`settings.title`)}
      title=${I(`settings.title`)} onClick=${()=>t(!e)}>
      <${Vt} name="settings" size=${20} />
    </button>
    ${e?X`<div class="settings-pop panel" id="settings-menu" data-testid="settings-menu" role="group" aria-labelledby="settings-title">
          <p class="settings-title" id="settings-title">${I(`settings.title`)}</p>
          <fieldset class="deck-setting">
            <legend>${I(`settings.deck`)}</legend>
            <div class="deck-choices">${a(`letters`,o(`letters`))}${a(`numbers`,o(`numbers`))}</div>
          </fieldset>
        </div>`:null}
  </div>`}function qn({match:e,viewerId:t,testid:n,replayTestid:r}){let i=zn(e,t),a=i??0,o=e.winner===a;return X`<li data-testid=${n}>
    ${i===null?X`<span class="result neutral">${I(`history.finished`)}</span>`:X`<span class=${`result ${o?`good`:`bad`}`}>${I(o?`history.won`:`history.lost`)}</span>`}
    <span class="score">${e.score[a]}–${e.score[1-a]}</span>
    <span class="muted when">${Pn(e.finished_at)}</span>
    <span class="players">
      ${[a,1-a].map(t=>{let n=i===null?I(`table.team`,{n:t+1}):I(t===i?`table.us`:`table.them`);return X`<span key=${t} class="pair" role="group" aria-label=${n}>
          <span class="pair-name" aria-hidden="true">${n}</span>
          ${e.players.filter(e=>(e.seat&1)===t).sort((e,t)=>e.seat-t.seat).map(e=>X`<${Nn} key=${e.seat} player=${e} size=${20} />`)}
        </span>`})}
    </span>
    <span class="muted hands">${I(`history.hands`,{n:e.hand_count})}</span>
    <span class="row-links">
      <a class="btn small primary" href=${mn(e.id)} data-testid=${r}>${I(`history.replay`)}</a>
      <a class="btn small ghost icon-btn" href=${`/api/matches/${encodeURIComponent(e.id)}/records.jsonl`} download=""
        aria-label=${I(`history.download`)} title=${I(`history.download`)}><${Vt} name="download" size=${16} /></a>
    </span>
  </li>`}function Jn({token:e,user:t}){let{data:n,error:r,loading:i}=Ln(e?`/history?limit=50`:null,e),a;return a=e?i?X`<p class="muted">${I(`common.loading`)}</p>`:r?X`<p class="message error">${Y(r)}</p>`:n.matches?.length?X`<ul class="history-list">
      ${n.matches.map(e=>X`<${qn} key=${e.id} match=${e} viewerId=${t?.id}
          testid=${`history-row-${e.id}`} replayTestid=${`open-replay-${e.id}`} />`)}
    </ul>`:X`<p class="muted" data-testid="history-empty">${I(`history.empty`)}</p>`:X`<p class="muted">${I(`history.signIn`)}</p>`,X`<section class="panel" data-testid="history"><h1>${I(`nav.history`)}</h1>${a}</section>`}function Yn({user:e}){let{data:t,error:n,loading:r}=Ln(`/leaderboard?limit=50`,null),i=t?.entries||[],a;return a=r?X`<p class="muted">${I(`common.loading`)}</p>`:n?X`<p class="message error">${Y(n)}</p>`:i.length?X`<div class="table-scroll"><table class="data board">
      <thead><tr>
        <th scope="col">#</th><th scope="col">${I(`board.player`)}</th><th scope="col">${I(`board.rating`)}</th>
        <th scope="col">${I(`board.matches`)}</th><th scope="col">${I(`board.wins`)}</th>
      </tr></thead>
      <tbody>
        ${i.map(t=>X`<tr key=${t.user} class=${t.user===e?.id?`me`:``} data-testid=${`board-row-${t.user}`}>
            <td>${t.rank}</td>
            <td class="who"><${Nn} player=${{name:t.name,user:t.user}} testid=${`profile-link-${t.user}`} /></td>
            <td>${Math.round(t.rating)}</td><td>${t.matches}</td><td>${t.wins}</td>
          </tr>`)}
      </tbody>
    </table></div>`:X`<p class="muted">${I(`board.empty`)}</p>`,X`<section class="panel" data-testid="leaderboard"><h1>${I(`nav.leaderboard`)}</h1>${a}</section>`}var Xn=[`easy`,`medium`,`hard`,`expert`],Zn=[`hello`,`good_luck`,`well_played`,`thanks`,`sorry`,`oops`,`hurry`,`good_game`,`rematch`,`bye`],Qn=[`exact11`,`to21`,`hands11`,`hands20`,`exact5`,`exact3`];function Z({label:e,children:t,hidden:n=!1,class:r=``}){return X`<label class=${`field${r?` ${r}`:``}`} hidden=${n}><span>${e}</span>${t}</label>`}function $n({testid:e,presets:t=Qn,custom:n=!1,onChange:r}){return X`<select name="rules" data-testid=${e} onChange=${r}>
    ${t.map(e=>X`<option key=${e} value=${e} selected=${e===`exact11`}>${hn(e)}</option>`)}
    ${n?X`<option value="custom">${I(`rules.custom`)}</option>`:null}
  </select>`}function er({testid:e}){return X`<select name="level" data-testid=${e}>
    ${Xn.map(e=>X`<option key=${e} value=${e} selected=${e===`medium`}>${I(`level.${e}`)}</option>`)}
  </select>`}var tr=`(max-width: 900px)`;function nr(e){let{token:t}=e,n=K(null),r=Wn(tr,()=>n.current?.querySelector(`.panel.tables`)??null)&&!!t,i=X`<${ur} ...${e} nested=${r} />`;return X`<div class="lobby" data-testid="lobby" ref=${n}>
    <${rr} compact=${!!t} />
    ${t?X`<${or} ...${e} tables=${r?i:null} />`:X`<${ir} ...${e} />`}
    <div class="side-stack">
      ${r?null:i}
      <${dr} token=${t} />
    </div>
  </div>`}function rr({compact:e}){return X`<section class=${`hero${e?` compact`:``}`}>
    <div class="fan" aria-hidden="true">
      ${[`AO`,`3C`,`RE`,`CB`,`SO`].map((e,t)=>X`<${Bn} key=${e} class="fan-card" markup=${V(z(e))} style=${`--i:${t-2}`} />`)}
    </div>
    <div class="hero-text"><h1>${I(`hero.title`)}</h1><p>${I(`hero.text`)}</p></div>
  </section>`}function ir({auth:e,pendingJoin:t,onAuth:n}){let[r,i]=W(`guest`);return X`<section class="panel auth" aria-labelledby="auth-title">
    <h2 id="auth-title">${I(`auth.title`)}</h2>
    <p class="muted">${t?I(`auth.toJoin`,{code:t}):I(`auth.intro`)}</p>
    <div class="tabs" role="tablist">
      ${[`guest`,`login`,`register`].map(t=>X`<button key=${t} class=${`tab${r===t?` active`:``}`} role="tab"
          aria-selected=${String(r===t)} data-testid=${`auth-tab-${t}`}
          onClick=${()=>{i(t),e.clear()}}>${I(`auth.tab.${t}`)}</button>`)}
    </div>
    ${r===`guest`?X`<form key="guest" class="stack" onSubmit=${e=>{e.preventDefault();let t=e.currentTarget.elements.name.value.trim();t&&n(`guest`,{name:t})}}>
          <${Z} label=${I(`auth.nickname`)}>
            <input name="name" maxlength="20" required autocomplete="nickname" data-testid="guest-name" />
          <//>
          <button class="btn primary" type="submit" disabled=${e.busy} data-testid="guest-submit">${I(`auth.playAsGuest`)}</button>
        </form>`:X`<form key=${r} class="stack" onSubmit=${e=>{e.preventDefault();let t=e.currentTarget.elements;n(r,{name:t.name.value.trim(),password:t.password.value})}}>
          <${Z} label=${I(`auth.name`)}>
            <input name="name" maxlength="20" required autocomplete="username" data-testid=${`${r}-name`} />
          <//>
          <${Z} label=${I(`auth.password`)}>
            <input name="password" type="password" required
              autocomplete=${r===`login`?`current-password`:`new-password`} data-testid=${`${r}-password`} />
          <//>
          <button class="btn primary" type="submit" disabled=${e.busy} data-testid=${`${r}-submit`}>${I(`auth.${r}`)}</button>
        </form>`}
    <${ar} auth=${e} />
  </section>`}function ar({auth:e}){let t=K(null);return G(()=>{e.failure&&t.current?.focus()},[e.failure]),X`<p class="message error" role="alert" tabindex="-1" ref=${t} data-testid="auth-error" hidden=${!e.error}>${e.error}</p>`}function or(e){let{user:t,myTables:n,formError:r,run:i,joinByCode:a,onAuth:o,auth:s,conn:c,go:l,tables:u}=e;return X`<section class="panel play" aria-labelledby="play-title">
    <h2 id="play-title" tabindex="-1">${I(`lobby.play`)}</h2>
    ${r?X`<p class="message error" role="alert" data-testid="lobby-error">${r}</p>`:null}
    <div class="play-grid">
      ${n.length?X`<div class="card-panel resume">
            <h3>${I(`lobby.yourTables`)}</h3>
            ${n.map(e=>X`<button key=${e} class="btn primary" data-testid="resume-table" onClick=${()=>l(`#/t/${e}`)}>${I(`lobby.resume`)}</button>`)}
          </div>`:null}
      <form class="card-panel" onSubmit=${e=>{e.preventDefault();let t=e.currentTarget.elements;i(c.command(`play_computer`,{options:{rules:t.rules.value,bot_level:t.level.value,public:!1,turn_time:0}}))}}>
        <h3>${I(`lobby.vsComputer`)}</h3>
        <p class="muted">${I(`lobby.vsComputerHelp`)}</p>
        <${Z} label=${I(`lobby.level`)}><${er} testid="computer-level" /><//>
        <${Z} label=${I(`lobby.rules`)}><${$n} testid="computer-rules" /><//>
        <button class="btn primary" type="submit" data-testid="play-computer">${I(`lobby.playNow`)}</button>
      </form>
      <div class="card-panel">
        <h3>${I(`lobby.quickMatch`)}</h3>
        <p class="muted">${I(`lobby.quickMatchHelp`)}</p>
        <${sr} ...${e} />
      </div>
      ${u}
      <${lr} run=${i} conn=${c} />
      <form class="card-panel" onSubmit=${e=>{e.preventDefault(),a(e.currentTarget.elements.code.value)}}>
        <h3>${I(`lobby.joinByCode`)}</h3>
        <div class="row">
          <input name="code" maxlength="16" required aria-label=${I(`table.inviteCode`)} placeholder=${I(`lobby.codePlaceholder`)}
            data-testid="join-code" autocomplete="off" />
          <button class="btn" type="submit" data-testid="join-submit">${I(`lobby.join`)}</button>
        </div>
      </form>
      ${t?.guest?X`<form class="card-panel auth upgrade" data-testid="upgrade-form" onSubmit=${e=>{e.preventDefault();let t=e.currentTarget.elements;o(`register`,{name:t.name.value.trim(),password:t.password.value})}}>
            <h3>${I(`auth.upgradeTitle`)}</h3>
            <p class="muted">${I(`auth.upgradeText`)}</p>
            <${Z} label=${I(`auth.name`)}>
              <input name="name" maxlength="20" required defaultValue=${t.name} autocomplete="username" data-testid="upgrade-name" />
            <//>
            <${Z} label=${I(`auth.password`)}>
              <input name="password" type="password" required autocomplete="new-password" data-testid="upgrade-password" />
            <//>
            <button class="btn" type="submit" disabled=${s.busy} data-testid="upgrade-submit">${I(`auth.register`)}</button>
            <${ar} auth=${s} />
          </form>`:null}
    </div>
  </section>`}function sr({queue:e,conn:t,setQueue:n,setFormError:r}){return e?X`<div class="queue-box">
      <${cr} queue=${e} />
      <button class="btn ghost" data-testid="quick-match-cancel" onClick=${()=>{t.command(`quick_match`,{on:!1}).catch(()=>null),n(null)}}>${I(`common.cancel`)}</button>
    </div>`:X`<div class="queue-box">
    <button class="btn primary" data-testid="quick-match" onClick=${()=>{r(null),t.command(`quick_match`,{on:!0}).catch(e=>r(e))}}>${I(`lobby.findMatch`)}</button>
  </div>`}function cr({queue:e}){let[t,n]=W(()=>Date.now());G(()=>{let e=setInterval(()=>n(Date.now()),1e3);return()=>clearInterval(e)},[]);let r=Math.max(0,Math.ceil(e.fill_in-(t-(e.at??t))/1e3));return X`<p data-testid="queue-status" data-seconds=${r}>
    <span aria-hidden="true">${I(`lobby.queueWaiting`,{n:e.waiting,s:r})}</span>
    <span class="sr-only" role="status">${I(`lobby.queueWaiting`,{n:e.waiting,s:Math.ceil(e.fill_in)})}</span>
  </p>`}function lr({run:e,conn:t}){let[n,r]=W(!1),i=n=>{n.preventDefault();let r=n.currentTarget.elements,i=r.rules.value;i===`custom`&&(i=`exact${Math.max(3,Math.min(21,Number(r.target.value)||11))}`);let a=Number(r.seat.value),o=[];r.botPartner.checked&&o.push((a+2)%4),r.botOpponents.checked&&o.push((a+1)%4,(a+3)%4),e(t.command(`create_table`,{options:{rules:i,quintola:r.quintola.checked,turn_time:Number(r.turn.value),bot_level:r.level.value,public:r.public.checked,hints:r.hints.checked},seat:a,bots:o}))},a=(e,t,n,r)=>X`<label class="check">
    <input type="checkbox" name=${e} defaultChecked=${r} data-testid=${t} /><span>${n}</span>
  </label>`;return X`<form class="card-panel" data-testid="create-form" onSubmit=${i}>
    <h3>${I(`lobby.createTable`)}</h3>
    <div class="grid2">
      <${Z} label=${I(`lobby.rules`)}>
        <${$n} testid="create-rules" presets=${Qn.slice(0,4)} custom onChange=${e=>r(e.currentTarget.value===`custom`)} />
      <//>
      <${Z} label=${I(`lobby.target`)} hidden=${!n} class="target-field">
        <input name="target" type="number" min="3" max="21" defaultValue="11" data-testid="create-target" />
      <//>
      <${Z} label=${I(`lobby.turnTime`)}>
        <select name="turn" data-testid="create-turn-time">
          ${[15,30,60,0].map(e=>X`<option key=${e} value=${e} selected=${e===30}>${e?I(`lobby.seconds`,{n:e}):I(`lobby.noTimer`)}</option>`)}
        </select>
      <//>
      <${Z} label=${I(`lobby.level`)}><${er} testid="create-bot-level" /><//>
      <${Z} label=${I(`lobby.seat`)}>
        <select name="seat" data-testid="create-seat">
          ${[0,1,2,3].map(e=>X`<option key=${e} value=${e}>${I(`table.seatN`,{n:e+1})}</option>`)}
        </select>
      <//>
    </div>
    ${a(`quintola`,`create-quintola`,I(`lobby.quintola`),!0)}
    ${a(`public`,`create-public`,I(`lobby.public`),!0)}
    ${a(`hints`,`create-hints`,I(`hint.option`),!1)}
    ${a(`botPartner`,`create-bot-partner`,I(`lobby.botPartner`),!1)}
    ${a(`botOpponents`,`create-bot-opponents`,I(`lobby.botOpponents`),!1)}
    <button class="btn primary" type="submit" data-testid="create-table">${I(`lobby.create`)}</button>
  </form>`}function ur({token:e,lobbyTables:t,online:n,run:r,conn:i,go:a,nested:o=!1}){let s=[...t.values()].filter(e=>e.status===`open`||e.status===`playing`);return X`<section class="panel tables" aria-labelledby="tables-title">
    <div class="panel-head">
      ${o?X`<h3 id="tables-title">${I(`lobby.openTables`)}</h3>`:X`<h2 id="tables-title">${I(`lobby.openTables`)}</h2>`}
      ${typeof n==`number`?X`<p class="online-count" data-testid="online-count" data-count=${n} role="status">
            <span class="online-dot" aria-hidden="true"></span>${I(`lobby.online`,{n})}
          </p>`:null}
    </div>
    ${s.length?X`<ul class="table-list" data-testid="open-tables">
          ${s.map(t=>X`<${fr} key=${t.id} table=${t} token=${e} run=${r} conn=${i} go=${a} />`)}
        </ul>`:X`<p class="muted" data-testid="no-tables">${I(`lobby.noTables`)}</p>`}
  </section>`}function dr({token:e}){return X`<details class="panel help" data-testid="how-to-play" open=${!e}>
      <summary>${I(`help.title`)}</summary>
      <ul>${[1,2,3,4,5,6].map(e=>X`<li key=${e}>${I(`help.${e}`)}</li>`)}</ul>
    </details>
    <p class="help-links" data-testid="lobby-learning">
      <a class="btn small primary" href="#/learn" data-testid="lobby-learn">${I(`tutorial.start`)}</a>
      <a class="btn small ghost" href="#/rules" data-testid="lobby-rules">${I(`tutorial.rulesTitle`)}</a>
    </p>`}function fr({table:e,token:t,run:n,conn:r,go:i}){let a=e.seats.filter(e=>!e.name).length,o=e.options?.bot_level||null;return X`<li data-testid=${`table-row-${e.id}`}>
    <div class="row-main">
      <strong>${hn(e.options.rules)}</strong>
      <span class=${`status ${e.status}`}>${I(`lobby.status.${e.status}`)}</span>
      ${e.status===`playing`?X`<span class="muted">${e.score[0]}–${e.score[1]}</span>`:null}
      <span class="muted">${I(`lobby.freeSeats`,{n:a})}</span>
    </div>
    <ul class="row-seats">
      ${e.seats.map(e=>{if(!e.name)return X`<li key=${e.seat} class="seat-free muted">${I(`table.emptySeat`)}</li>`;let t=!!(e.bot_level||e.bot&&!e.user),n=gn(e,o);return X`<li key=${e.seat} class="seat-name-item">
          <${kn} name=${e.name} bot=${t} size=${20} /><${An} text=${n} />
        </li>`})}
    </ul>
    ${t?X`<div class="row-buttons">
          ${e.status===`open`&&a?X`<button class="btn small primary" data-testid=${`join-${e.id}`} onClick=${()=>n(r.command(`join`,{table:e.id}))}>${I(`lobby.sit`)}</button>`:null}
          <button class="btn small ghost" data-testid=${`watch-${e.id}`} onClick=${()=>i(`#/t/${e.id}`)}>${I(`lobby.watch`)}</button>
        </div>`:null}
  </li>`}function pr({userId:e,me:t}){let{data:n,error:r,loading:i}=Ln(`/players/${encodeURIComponent(e)}`,null);if(i)return X`<section class="panel profile" data-testid="profile">
      <h1>${I(`profile.title`)}</h1><p class="muted">${I(`common.loading`)}</p>
    </section>`;if(r){let e=r.code===`not_found`?I(`profile.notFound`):Y(r);return X`<section class="panel profile" data-testid="profile">
      <h1>${I(`profile.title`)}</h1><p class="message error" data-testid="profile-error">${e}</p>
    </section>`}let a=n,o=a.rating?Math.round(a.rating.rating):null,s=a.recent||[];return X`<section class="panel profile" data-testid="profile">
    <div class="profile-head">
      <${kn} name=${a.name} size=${72} class="big" />
      <div class="profile-who">
        <h1 data-testid="profile-name"><${An} text=${a.name} /></h1>
        <p class="muted">
          ${a.guest?X`<span class="badge">${I(`auth.guest`)}</span> `:null}
          ${t?.id===a.id?X`<span class="badge">${I(`profile.you`)}</span> `:null}
          ${a.created_at?I(`profile.since`,{date:Pn(a.created_at)}):null}
        </p>
      </div>
    </div>
    <dl class="stats">
      <div><dt>${I(`board.rating`)}</dt><dd data-testid="profile-rating" class=${o===null?`words`:``}>
        ${o===null?I(`profile.unrated`):o}</dd></div>
      <div><dt>${I(`board.matches`)}</dt><dd data-testid="profile-matches">${a.matches}</dd></div>
      <div><dt>${I(`board.wins`)}</dt><dd data-testid="profile-wins">${a.wins}</dd></div>
    </dl>
    <h2>${I(`profile.recent`)}</h2>
    ${s.length?X`<ul class="history-list" data-testid="profile-recent">
          ${s.map(e=>X`<${qn} key=${e.id} match=${e} viewerId=${a.id}
              testid=${`profile-match-${e.id}`} replayTestid=${`profile-replay-${e.id}`} />`)}
        </ul>`:X`<p class="muted" data-testid="profile-no-matches">${I(`profile.noMatches`)}</p>`}
  </section>`}var mr=[`pass`,`solo`,`cuatrola`,`quintola`];function hr(e){return mr.includes(e)?I(`bid.${e}`):e===`nocante`?I(`analysis.nocante`):e.startsWith(`cante:`)?I(`analysis.cante`,{suit:J(e.slice(6))}):q(e)}var gr=new Map;function _r(e,t){let n=`${e} ${JSON.stringify(t)}`;return gr.has(n)||gr.set(n,new Intl.NumberFormat(e,t)),gr.get(n)}function vr(e,t=ve()){return _r(t,{maximumFractionDigits:2}).format(e)}function yr(e,t=ve()){return e==null?`—`:_r(t,{style:`percent`,maximumFractionDigits:0}).format(e/100)}function br(e,t){return I(`analysis.unit.${t}`,{value:vr(e)})}function xr(e){return e.unit!==`game`&&e.game_points_cost!==null&&e.game_points_cost!==void 0}function Sr(e){let t=br(e.cost,e.unit);return xr(e)?`${t} · ${br(e.game_points_cost,`game`)}`:t}var Cr=[`inaccuracy`,`mistake`,`blunder`],wr=2e3,Tr=90;function Er(e){let[t,n]=W({analysis:null,pending:!0,error:null});return G(()=>{let t=!0,r=null,i=0,a=()=>{i+=1,an(`GET`,`/matches/${encodeURIComponent(e)}/analysis`).then(e=>{t&&(e&&e.status===`pending`?(n({analysis:null,pending:i<Tr,error:null}),i<Tr&&(r=setTimeout(a,wr))):n({analysis:e,pending:!1,error:null}))}).catch(e=>t&&n({analysis:null,pending:!1,error:e}))};return a(),()=>{t=!1,r&&clearTimeout(r)}},[e]),t}function Dr(e,t){return(e?.decisions||[]).find(e=>e.step===t-1)||null}var Or=e=>yr(e);function kr({analysis:e,hand:t,nameOf:n}){let r=new Map((e.seats||[]).map(e=>[e.seat,e]));return X`<ul class="an-accuracy">
    ${(t?.seats||[]).map(e=>{let t=Cr.map(t=>[t,e[`${t===`inaccuracy`?`inaccuracies`:`${t}s`}`]]).filter(([,e])=>e);return X`<li key=${e.seat} data-testid=${`analysis-accuracy-${e.seat}`}>
        ${I(`analysis.accuracy`,{seat:n(e.seat),hand:Or(e.accuracy),match:Or(r.get(e.seat)?.accuracy)})}
        ${t.map(([e,t])=>X`<span key=${e} class=${`an-mark an-${e}`}>${t} × ${I(`analysis.mark.${e}`)}</span>`)}
      </li>`})}
  </ul>`}function Ar({decision:e}){let t=e.alternatives.some(e=>e.hindsight!==null&&e.hindsight!==void 0),n=e.unit!==`game`&&e.alternatives.some(e=>e.game_points!==null&&e.game_points!==void 0);return X`<table class="an-options" data-testid="analysis-alternatives">
    <thead>
      <tr>
        <th>${I(`analysis.option`)}</th>
        <th>${I(`analysis.value`)}</th>
        ${t?X`<th>${I(`analysis.hindsight`)}</th>`:null}
        ${n?X`<th>${I(`analysis.gamePoints`)}</th>`:null}
      </tr>
    </thead>
    <tbody>
      ${e.alternatives.map(r=>X`<tr key=${r.action} data-action=${r.action}
            class=${`${r.action===e.chosen?`chosen`:``}${r.action===e.best?` best`:``}`}>
          <td>${hr(r.action)}</td>
          <td>${r.value===null?``:br(r.value,e.unit)}</td>
          ${t?X`<td class="muted">${r.hindsight===null?``:br(r.hindsight,e.unit)}</td>`:null}
          ${n?X`<td data-testid="analysis-game-points">${r.game_points===null||r.game_points===void 0?``:br(r.game_points,`game`)}</td>`:null}
        </tr>`)}
    </tbody>
  </table>`}function jr({decision:e,nameOf:t}){if(!e)return X`<p class="muted" data-testid="analysis-none">${I(`analysis.none`)}</p>`;let n=I(`analysis.chosen`,{seat:t(e.seat),action:hr(e.chosen)});return e.forced?X`<div class="an-decision" data-testid="analysis-decision">
      <p>${n} · <span class="muted">${I(`analysis.forced`)}</span></p>
    </div>`:X`<div class="an-decision" data-testid="analysis-decision" data-mark=${e.mark||`none`}>
    <p>
      ${`${n} · ${I(`analysis.best`,{action:hr(e.best)})} · `}
      <span data-testid="analysis-cost">${I(`analysis.cost`,{cost:Sr(e)})}</span>
      ${e.mark?X` <span class=${`an-mark an-${e.mark}`} data-testid="analysis-mark">${I(`analysis.mark.${e.mark}`)}</span>`:null}
    </p>
    <${Ar} decision=${e} />
  </div>`}function Mr({state:e,hand:t,step:n,nameOf:r}){let{analysis:i,pending:a,error:o}=e,s;if(i){let e=i.hands?.[t];s=X`<${kr} analysis=${i} hand=${e} nameOf=${r} />
      <${jr} decision=${Dr(e,n)} nameOf=${r} />
      <p class="muted an-note">${I(`analysis.note`)}</p>`}else s=a?X`<p class="muted" data-testid="analysis-pending">${I(`analysis.pending`)}</p>`:o&&o.status===404?X`<p class="muted">${I(`analysis.unavailable`)}</p>`:X`<p class="message error">${o&&o.code===`analysis_failed`?I(`analysis.failed`):Y(o)}</p>`;return X`<section class="analysis-panel" data-testid="analysis" aria-live="polite">
    <h2>${I(`analysis.title`)}</h2>
    ${s}
  </section>`}function Nr({record:e}){let[t,n]=W(null);G(()=>{let t=!0;if(n(null),!globalThis.crypto?.subtle)n({status:`unavailable`});else return Zt(e).then(e=>t&&n(e),()=>t&&n({status:`mismatch`,what:`shuffle`})),()=>{t=!1}},[e]);let r=t?t.status:`checking`,i=I(`shuffle.checking`);return r===`verified`?i=I(`shuffle.verified`):r===`none`?i=I(`shuffle.none`):r===`unavailable`?i=I(`shuffle.unavailable`):r===`mismatch`&&(i=I(`shuffle.mismatch`,{what:I(`shuffle.what.${t.what}`)})),X`<span class=${`badge shuffle-${r}`} data-testid="shuffle-badge" data-status=${r}
    title=${I(`shuffle.help`)} role="status">${i}</span>`}var Pr=[`pass`,`solo`,`cuatrola`,`quintola`],Fr=[`bottom`,`right`,`top`,`left`];function Ir(e,t){return Fr[(e-(t??0)+4)%4]}function Lr(e){return e&1}function Rr(e){return xe.indexOf(e)}function zr(e,t){let n=Rr(t),r=e=>{let t=z(e),r=Pe(t);return(r===n?10:r)*10+Fe(t)};return[...e].sort((e,t)=>r(e)-r(t))}var Br=/^[A3RCS][OCEB]$/,Vr=e=>e===`nocante`||e.startsWith(`cante:`),Hr=300;function Ur(){return{info:null,seat:null,view:null,chat:[],chatUnread:0,muted:[],mutedSpectators:!1,clock:null,log:[],announce:{},flash:null,lastTrick:null,summary:null,summaryHand:null,handAnalysis:null,matchEnd:null,dialogs:{lastTrick:!1,summary:!1,matchEnd:!1,sheet:!1},sheet:{base:null,rows:[]},pending:null,message:null,cue:{id:0,sounds:[]},nextId:1}}function Wr(e,t=1){return{first:e.nextId,nextId:e.nextId+t}}function Q(e){return e.seat!==null&&e.seat!==void 0}function Gr(e,t=null){let n=e.view;return!(!n||!Q(e)||n.phase===`finished`||n.to_move!==e.seat||t&&n.phase!==t)}function Kr(e,t){return!e||typeof e!=`object`?null:{seat:e.seat,remaining_ms:Math.max(0,Number(e.remaining_ms)||0),total_ms:Math.max(0,Number(e.total_ms)||0),at:t}}function qr(e,t,n=[]){let r=[],i=t;if(!e)return{entries:r,nextId:i};let a=new Set((Array.isArray(n)?n:[]).map(([e,t])=>`${e} ${t}`)),o=(e,t)=>a.has(`${e} ${t}`);r.push({id:i++,kind:`deal`,seat:e.dealer}),(e.bids||[]).forEach((t,n)=>{let a=(e.mano+n)%4;r.push({id:i++,kind:`bid`,seat:a,action:t,auto:o(a,t)})}),(e.tricks||[]).forEach((t,n)=>{t.seats.forEach((e,n)=>{let a=t.cards[n];r.push({id:i++,kind:`card`,seat:e,action:a,auto:o(e,a)})}),r.push({id:i++,kind:`trick`,seat:t.winner});for(let t of e.cantes||[])if(t.trick===n){let e={id:i++,kind:`cante`,seat:t.seat,suit:t.suit,points:t.points};r.push({...e,auto:o(t.seat,`cante:${t.suit}`)})}});for(let[t,n]of e.trick||[])r.push({id:i++,kind:`card`,seat:t,action:n,auto:o(t,n)});return{entries:r,nextId:i}}function Jr(e,t){if(!t.length)return e.log;let n=[...e.log,...t];return n.length>Hr?n.slice(n.length-Hr):n}function Yr(e,t,n){return n==null||!t||t.phase===`finished`||t.to_move!==n?!1:!e||e.to_move!==n||e.phase!==t.phase}function Xr(e,t,n){let r=t.view||null,{entries:i,nextId:a}=qr(r,e.nextId,t.auto),o=t.info||null,s=o?.status===`finished`,c=r?.tricks?.length?r.tricks[r.tricks.length-1]:null,l=null;if(`clock`in t)l=Kr(t.clock,n);else if(t.timer){let e=Math.max(t.timer.seconds,o?.options?.turn_time||0)*1e3;l=Kr({seat:t.timer.seat,remaining_ms:t.timer.seconds*1e3,total_ms:e},n)}return{...e,info:o,seat:t.seat??null,view:r,chat:(t.chat||[]).slice(-100),muted:Array.isArray(t.muted)?t.muted:e.muted,mutedSpectators:typeof t.muted_spectators==`boolean`?t.muted_spectators:e.mutedSpectators,clock:l,log:i,nextId:a,announce:{},flash:null,lastTrick:c,summary:r?.summary||e.summary,summaryHand:r?.summary&&o?{match:ei(o),hand:o.hands_played}:e.summaryHand,matchEnd:s?{winner:o.score[0]>o.score[1]?0:1,score:o.score}:null,dialogs:{...e.dialogs,matchEnd:s},sheet:{base:o&&o.hands_played?{hands:o.hands_played,score:o.score}:null,rows:[]},pending:null,message:null}}function Zr(e,t){let n=e.view,r=t.view,{seat:i,action:a}=t,o=e.seat,s=i===o&&Q(e),{nextId:c}=e,l=[],u=[],d=e.announce,{flash:f,lastTrick:p,message:m,pending:h}=e;if(s?(h=null,m=t.auto?{key:`table.autoPlayed`,params:{move:a},kind:`warn`,move:!0}:null):h&&Vr(h.action)&&r.phase!==`cante`&&(h=null),Pr.includes(a))l.push({id:c++,kind:`bid`,seat:i,action:a,auto:t.auto}),d={...d,[i]:{id:c++,kind:`bid`,bid:a}};else if(a===`nocante`)l.push({id:c++,kind:`nocante`,seat:i,auto:t.auto}),d={...d,[i]:{id:c++,kind:`nocante`}};else if(a.startsWith(`cante:`)){let e=a.slice(6),n=[...r.cantes||[]].reverse().find(t=>t.suit===e&&t.seat===i),o=n?n.points:e===r.trump?40:20;l.push({id:c++,kind:`cante`,seat:i,suit:e,points:o,auto:t.auto}),d={...d,[i]:{id:c++,kind:`cante`,suit:e,points:o}},u.push(`cante`)}else if(Br.test(a)){if(l.push({id:c++,kind:`card`,seat:i,action:a,auto:t.auto}),u.push(`card`),n&&r.tricks.length>(n.tricks?.length||0)){let e=r.tricks[r.tricks.length-1];l.push({id:c++,kind:`trick`,seat:e.winner}),f={id:c++,trick:e},p=e,d={...Object.fromEntries(Object.entries(d).filter(([,e])=>e.kind!==`trick`)),[e.winner]:{id:c++,kind:`trick`}},u.push(`trick`)}else f=null}Yr(n,r,o)&&u.push(`turn`);let g=e.clock;return g&&g.seat===i&&(g=null),{...e,view:r,log:Jr(e,l),announce:d,flash:f,lastTrick:p,message:m,pending:h,clock:g,cue:u.length?{id:e.cue.id+1,sounds:u}:e.cue,nextId:c}}function Qr(e,t,n){let r=t.body,i=e;if(r)switch(r.kind){case`seats`:i={...e,info:r.info};break;case`match_start`:i={...e,info:e.info&&{...e.info,score:[0,0],hands_played:0,status:`playing`,match:r.match??e.info.match},summary:null,summaryHand:null,matchEnd:null,lastTrick:null,dialogs:{...e.dialogs,summary:!1,matchEnd:!1,lastTrick:!1},sheet:{base:null,rows:[]}};break;case`deal`:{let{first:t,nextId:n}=Wr(e),a=Yr(null,r.view,e.seat)?[`turn`]:[];i={...e,view:r.view,log:Jr(e,[{id:t,kind:`deal`,seat:r.view.dealer}]),nextId:n,announce:{},flash:null,pending:null,message:null,cue:a.length?{id:e.cue.id+1,sounds:a}:e.cue};break}case`act`:i=Zr(e,r);break;case`cantes_over`:i={...e,view:r.view,pending:null};break;case`hand_end`:{let t=r.summary,{first:n,nextId:a}=Wr(e),o={hand:r.hands_played,contract:t.contract,bidder:t.bidder,points:t.points,winner:t.winner,game_points:t.game_points,score:r.score};i={...e,summary:t,summaryHand:e.info?{match:ei(e.info),hand:r.hands_played}:null,info:e.info&&{...e.info,score:r.score,hands_played:r.hands_played},dialogs:{...e.dialogs,summary:!0},sheet:{...e.sheet,rows:[...e.sheet.rows,o]},log:Jr(e,[{id:n,kind:`hand`,team:t.winner,points:t.game_points}]),nextId:a};break}case`match_end`:{let{first:t,nextId:n}=Wr(e);i={...e,matchEnd:{winner:r.winner,score:r.score,hands_played:r.hands_played},info:e.info&&{...e.info,score:r.score,status:`finished`},dialogs:{...e.dialogs,matchEnd:!0},clock:null,log:Jr(e,[{id:t,kind:`match`,team:r.winner,score:r.score}]),cue:{id:e.cue.id+1,sounds:[`match`]},nextId:n};break}case`chat`:i={...e,chat:[...e.chat,r].slice(-100),chatUnread:e.chatUnread+1};break;case`timer`:`clock`in t||(i={...e,clock:Kr({seat:r.seat,remaining_ms:r.seconds*1e3,total_ms:r.seconds*1e3},n)})}return`clock`in t&&(i={...i,clock:Kr(t.clock,n)}),i}function $r(e,t,n){let r=e=>!e.own&&(e.seat===null||e.seat===void 0?n:t.includes(e.seat)),i=e.chat.some(r)?e.chat.filter(e=>!r(e)):e.chat;return{...e,muted:t,mutedSpectators:n,chat:i}}function ei(e){return`${e.id}-${e.match??1}`}function ti(e,t){let n=t.analysis;if(!n||!Array.isArray(n.decisions)||!Array.isArray(n.seats))return e;let r=e.handAnalysis;return r&&r.match===t.match&&r.hand>t.hand?e:{...e,handAnalysis:{match:t.match,hand:t.hand,analysis:n}}}function ni(e,t=3){let n=e.summaryHand,r=e.handAnalysis;if(!n||!r||r.match!==n.match||r.hand!==n.hand)return null;let{analysis:i}=r;return Q(e)?{mine:i.seats.find(t=>t.seat===e.seat)||null,costly:i.decisions.filter(t=>t.seat===e.seat&&!t.forced&&t.cost>0).sort((e,t)=>t.cost/ii(t.unit)-e.cost/ii(e.unit)||e.step-t.step).slice(0,t)}:{seats:i.seats.filter(e=>e.scored>0)}}var ri={points:10,tricks:.5,match:5,game:.5},ii=e=>ri[e]||1;function ai(e,t){let n=e.view;if(!n||!Q(e))return{key:`why.spectator`};if(n.phase===`finished`)return{key:`why.handOver`};if(n.to_move!==e.seat)return{key:`why.notYourTurn`};if(n.phase===`bidding`)return{key:`why.bidFirst`};if(n.phase===`cante`)return{key:`why.canteFirst`};if((n.legal||[]).includes(t))return null;let r=(n.illegal||[]).find(e=>e.card===t),i={follow_suit:`why.mustFollow`,follow_suit_beat:`why.mustBeat`,over_trump:`why.mustOvertrump`,must_trump:`why.mustTrump`};return r&&i[r.reason]?{key:r.reason===`follow_suit_beat`&&!si(n,r.suit)?`why.mustFollow`:i[r.reason],params:{suit:r.suit}}:{key:`why.illegal`}}var oi=`A3RCS`;function si(e,t){let n=e=>oi.indexOf(e[0]),r=(e.trick||[]).map(([,e])=>e).filter(e=>e[1]===t);if(!r.length)return!1;let i=Math.min(...r.map(n));return(e.hand||[]).some(e=>e[1]===t&&n(e)<i)}function ci(e,t){switch(t.type){case`hand_analysis`:return ti(e,t.msg);case`sync`:return Xr(e,t.msg,t.now??0);case`event`:return Qr(e,t.msg,t.now??0);case`presence`:return e.info?{...e,info:{...e.info,seats:e.info.seats.map(e=>e.seat===t.msg.seat?{...e,online:t.msg.online}:e)}}:e;case`play`:return e.pending?e:{...e,pending:{action:t.action},message:null,cue:Br.test(t.action)?{id:e.cue.id+1,sounds:[`card`]}:e.cue};case`refused`:return e.pending&&e.pending.action!==t.action?e:{...e,pending:null,message:{error:t.error,kind:`error`}};case`explain`:{let n=ai(e,t.code);return n?{...e,message:{...n,kind:`warn`}}:e}case`message`:return{...e,message:t.message};case`open`:return{...e,dialogs:{...e.dialogs,[t.dialog]:!0}};case`close`:return{...e,dialogs:{...e.dialogs,[t.dialog]:!1}};case`toggle`:return{...e,dialogs:{...e.dialogs,[t.dialog]:!e.dialogs[t.dialog]}};case`flashDone`:return e.flash&&e.flash.id===t.id?{...e,flash:null}:e;case`chatSeen`:return e.chatUnread?{...e,chatUnread:0}:e;case`mute`:{if(t.spectators)return $r(e,e.muted,t.on);let n=e.muted.filter(e=>e!==t.seat);return $r(e,t.on?[...n,t.seat].sort((e,t)=>e-t):n,e.mutedSpectators)}case`muted`:return Array.isArray(t.msg.seats)?$r(e,t.msg.seats,t.msg.spectators===!0):e;default:return e}}function li(e){let t=e.view;if(!t||!Q(e))return[];let n=e.pending&&Br.test(e.pending.action)?e.pending.action:null;return zr((t.hand||[]).filter(e=>e!==n),t.trump)}function ui(e){let t=e.view;if(!t)return{plays:[],winner:null,finished:!1};let n=(t.trick||[]).map(([e,t])=>[e,t,!1]),r=e.pending&&Br.test(e.pending.action)?e.pending.action:null;if(r&&!n.some(([,e])=>e===r)&&n.push([e.seat,r,!0]),n.length)return{plays:n,winner:null,finished:!1};if(e.flash){let t=e.flash.trick;return{plays:t.seats.map((e,n)=>[e,t.cards[n],!1]),winner:t.winner,finished:!0}}return{plays:[],winner:null,finished:!1}}function di(e){let t=e.pending?[]:e.view?.legal||[];return{bids:t.filter(e=>Pr.includes(e)),cantes:t.filter(e=>e.startsWith(`cante:`)),nocante:t.includes(`nocante`),cards:t.filter(e=>Br.test(e))}}var fi=5,pi=10;function mi(e){if(!e)return[0,0];if(Array.isArray(e.summary?.points))return[...e.summary.points];let t=[...e.card_points||[0,0]],n=e.tricks||[];n.length===fi&&(t[Lr(n[4].winner)]+=pi);for(let n of e.cantes||[])t[Lr(n.seat)]+=n.points;return t}function hi(e,t){return e?Math.max(0,e.remaining_ms-(t-e.at)):0}function gi(e){let t=e.dialogs,n=!!(t.summary&&e.summary);return{lastTrick:!!t.lastTrick,summary:n,matchEnd:!!(t.matchEnd&&e.matchEnd&&!n&&e.info?.status!==`open`),sheet:!!t.sheet}}var _i=[`bottom`,`right`,`top`,`left`],vi=[`pass`,`solo`,`cuatrola`,`quintola`],yi=/^[A3RCS][OCEB]$/,bi=(e,t)=>_i[(e-t+4)%4];function xi(e){let[t,n]=W({match:null,hands:null,error:null});return G(()=>{let t=encodeURIComponent(e);return In(()=>Promise.all([an(`GET`,`/matches/${t}`),an(`GET`,`/matches/${t}/steps`)]),(e,t)=>n(e?{match:e[0],hands:e[1].hands||[],error:null}:{match:null,hands:null,error:t}))},[e]),t}function Si({matchId:e,userId:t,onBack:n}){let{match:r,hands:i,error:a}=xi(e),o=Er(e),[s,c]=W({hand:0,step:0}),[l,u]=W(!1),d=i?.[s.hand]?.steps||[],f=d.length-1,p=e=>c(t=>({...t,step:Math.max(0,Math.min(f,e))})),m=e=>{i?.length&&c({hand:Math.max(0,Math.min(i.length-1,e)),step:0})};G(()=>{if(!l)return;if(s.step>=f){u(!1);return}let e=setTimeout(()=>p(s.step+1),900);return()=>clearTimeout(e)},[l,s,f]);let h=K(null);if(h.current=e=>{if(d.length&&!(e.target&&[`INPUT`,`SELECT`,`TEXTAREA`].includes(e.target.tagName))){if(e.key===`ArrowRight`)p(s.step+1);else if(e.key===`ArrowLeft`)p(s.step-1);else if(e.key===`PageDown`)m(s.hand+1);else if(e.key===`PageUp`)m(s.hand-1);else if(e.key===`Home`)p(0);else if(e.key===`End`)p(f);else return;e.preventDefault()}},G(()=>{let e=e=>h.current(e);return document.addEventListener(`keydown`,e),()=>document.removeEventListener(`keydown`,e)},[]),!r||!d.length){let e=I(i?`replay.empty`:`common.loading`);return a&&(e=a.code===`not_found`?I(`replay.notFound`):Y(a)),X`<section class="panel" data-testid="replay">
      <h1>${I(`replay.title`)}</h1>
      <p class=${a?`message error`:`muted`}>${e}</p>
      <button class="btn" data-testid="replay-back" onClick=${n}>${I(`nav.history`)}</button>
    </section>`}let g=r.players||[],_=g.find(e=>t&&e.user===t),v=_?_.seat:0,y=v&1,b=e=>{let t=g.find(t=>t.seat===e);return t&&Mn(t)?I(`player.computerSeat`,{n:e+1}):t&&gn(t)||I(`table.seatN`,{n:e+1})},x=d[s.step],S=x.view,C=x.action&&yi.test(x.action)&&!S.trick.length?S.tricks[S.tricks.length-1]:null,w=C?C.seats.map((e,t)=>[e,C.cards[t]]):S.trick,T=C?C.winner:null,E=s.step===f?S.summary:null,D=()=>{let e=x.action,t=b(x.seat);if(e==null)return I(`replay.deal`,{seat:b(S.dealer)});if(vi.includes(e))return I(`log.bid`,{seat:t,bid:I(`bid.${e}`)});if(e.startsWith(`cante:`))return I(`log.cante`,{seat:t,suit:J(e.slice(6))});if(e===`nocante`)return I(`log.nocante`,{seat:t});let n=I(`log.card`,{seat:t,card:q(e)});return T===null?n:`${n} · ${I(`table.trickWonBy`,{seat:b(T)})}`},O=``;S.bidder!==null&&S.bidder!==void 0?O=I(`table.contractBy`,{contract:I(`bid.${S.contract}`),seat:b(S.bidder)}):(S.bids||[]).length===4&&(O=I(`table.plainHand`));let ee=mi(S),k=S.tricks_won||[0,0],A=S.score_before||[0,0],te=xe.indexOf(S.trump),j=e=>{let t=g.find(t=>t.seat===e)||{name:``,seat:e},n=(e-S.mano+4)%4,r=n<(S.bids||[]).length?S.bids[n]:null,i=S.sitting_out===e;return X`<div key=${e} class=${`rp-seat rp-${bi(e,v)}${i?` out`:``}${x.seat===e?` acting`:``}`}
      data-testid=${`replay-seat-${e}`}>
      <div class="rp-head">
        <${kn} name=${t.name} bot=${Mn(t)} size=${22} />
        <${An} text=${b(e)}
          title=${Mn(t)?`${b(e)} · ${gn(t)}`:b(e)} />
        ${S.dealer===e?X`<span class="badge dealer">${I(`table.dealerShort`)}</span>`:null}
        ${S.dealer===e&&S.trump_held?X`<${Bn} class="rp-trump" markup=${V(z(S.shown_card))}
              label=${I(`table.shownTrump`,{card:q(S.shown_card)})} />`:null}
        ${i?X`<span class="badge out">${I(`table.sitsOut`)}</span>`:null}
        ${r?X`<span class=${`badge bid bid-${r}`}>${I(`bid.${r}`)}</span>`:null}
      </div>
      <div class="rp-hand">
        ${x.hands[e].map(e=>X`<${Bn} key=${e} class="rp-mini" markup=${V(z(e))} label=${q(e)} />`)}
      </div>
    </div>`},M=(e,t,n,r,i,{after:a=!1,iconOnly:o=!1}={})=>X`<button
      class=${`btn small${o?` icon-only`:``}`} data-testid=${e} onClick=${r?void 0:n}
      aria-disabled=${r?`true`:null} aria-label=${t} title=${t}>
      ${a?null:X`<${Vt} name=${i} size=${16} />`}
      ${o?null:X`<span>${t}</span>`}
      ${a?X`<${Vt} name=${i} size=${16} />`:null}
    </button>`;return X`<section class="replay-screen" data-testid="replay">
    <header class="rp-bar">
      <div class="rp-title">
        <h1>${I(`replay.title`)}</h1>
        <span class="rules-tag">${hn(Rn(r.rules))}</span>
        <span class="rp-score" title=${I(`replay.scoreBefore`)}>${A[y]}–${A[1-y]}</span>
      </div>
      <div class="rp-info">
        <span class="trump-badge">
          ${te>=0?X`<${Bn} class="icon" markup=${He(te)} />`:null}
          <span>${I(`table.trump`)}: ${te>=0?J(te):``}</span>
        </span>
        ${O?X`<span class="contract">${O}</span>`:null}
        <span class="hand-score" data-testid="replay-points">
          ${I(`table.handPoints`,{us:ee[y],them:ee[1-y],ut:k[y],tt:k[1-y]})}
        </span>
        <${Nr} record=${(r.hands||[])[s.hand]} />
      </div>
      <button class="btn small ghost" data-testid="replay-back" onClick=${n}>
        <${Vt} name="back" size=${16} /> ${I(`replay.back`)}
      </button>
    </header>
    <div class="rp-felt">
      ${[0,1,2,3].map(j)}
      <div class="rp-center">
        <div class="rp-trick" data-testid="replay-trick">
          ${w.map(([e,t])=>X`<${Bn} key=${t} class=${`rp-card at-${bi(e,v)}${T===e?` winner`:``}`}
              markup=${V(z(t))} label=${`${b(e)}: ${q(t)}`} />`)}
        </div>
      </div>
    </div>
    <div class="rp-dock">
      <p class="replay-event" data-testid="replay-event" aria-live="polite">${D()}</p>
      ${E?X`<p class=${`replay-result ${E.winner===y?`good`:`bad`}`} data-testid="replay-result">
            ${E.winner===y?I(`summary.resultWe`,{points:E.game_points}):I(`summary.resultThey`,{points:E.game_points})}
          </p>`:null}
      <div class="replay-controls">
        <div class="rp-group">
          ${M(`replay-hand-prev`,I(`replay.prevHand`),()=>m(s.hand-1),s.hand===0,`first`)}
          <span class="replay-pos" data-testid="replay-hand">${I(`replay.handN`,{n:s.hand+1,total:i.length})}</span>
          ${M(`replay-hand-next`,I(`replay.nextHand`),()=>m(s.hand+1),s.hand>=i.length-1,`last`,{after:!0})}
        </div>
        <div class="rp-group">
          ${M(`replay-start`,I(`replay.start`),()=>p(0),s.step===0,`first`,{iconOnly:!0})}
          ${M(`replay-prev`,I(`replay.prev`),()=>p(s.step-1),s.step===0,`prev`)}
          <span class="replay-pos" data-testid="replay-step">${I(`replay.stepN`,{n:s.step,total:f})}</span>
          ${M(`replay-next`,I(`replay.next`),()=>p(s.step+1),s.step>=f,`next`,{after:!0})}
          ${M(`replay-end`,I(`replay.end`),()=>p(f),s.step>=f,`last`,{iconOnly:!0})}
          <button class="btn small primary" data-testid="replay-play"
            aria-label=${I(l?`replay.pause`:`replay.play`)}
            onClick=${()=>u(!l&&s.step<f)}>
            <${Vt} name=${l?`pause`:`play`} size=${16} /><span>${I(l?`replay.pause`:`replay.play`)}</span>
          </button>
        </div>
      </div>
    </div>
    ${(S.cantes||[]).length?X`<p class="muted rp-cantes">
          ${S.cantes.map(e=>I(`summary.canteLine`,{seat:b(e.seat),suit:J(e.suit),points:e.points})).join(` · `)}
        </p>`:null}
    <${Mr} state=${o} hand=${s.hand} step=${s.step} nameOf=${b} />
  </section>`}var Ci=`cuatrola.sound`,wi={card:[[220,0,.07,`triangle`,.25],[160,.02,.06,`sine`,.18]],turn:[[660,0,.12,`sine`,.22],[880,.13,.16,`sine`,.22]],trick:[[392,0,.1,`triangle`,.2],[523,.09,.14,`triangle`,.2]],cante:[[523,0,.12,`square`,.08],[659,.11,.12,`square`,.08],[784,.22,.22,`square`,.08]],match:[[523,0,.18,`triangle`,.22],[659,.16,.18,`triangle`,.22],[784,.32,.18,`triangle`,.22],[1047,.48,.4,`triangle`,.22]]},Ti=null;function Ei(){try{return localStorage.getItem(Ci)!==`off`}catch{return!0}}function Di(e){try{localStorage.setItem(Ci,e?`on`:`off`)}catch{}Oi=e}var Oi=null;function ki(){return Oi===null?Ei():Oi}function Ai(e){let t=wi[e];if(!t||!ki())return!1;let n=typeof window>`u`?null:window.AudioContext||window.webkitAudioContext;if(!n)return!1;try{Ti||=new n,Ti.state===`suspended`&&Ti.resume().catch(()=>null);let e=Ti.currentTime+.01;for(let[n,r,i,a,o]of t){let t=Ti.createOscillator(),s=Ti.createGain();t.type=a,t.frequency.value=n,s.gain.setValueAtTime(1e-4,e+r),s.gain.exponentialRampToValueAtTime(o,e+r+.01),s.gain.exponentialRampToValueAtTime(1e-4,e+r+i),t.connect(s).connect(Ti.destination),t.start(e+r),t.stop(e+r+i+.02)}return!0}catch{return!1}}Object.keys(wi);function ji(){let e=!0,t=null;return{get following(){return e},update(n){n&&e&&(n.scrollTop=n.scrollHeight,t=n.scrollTop)},onScroll(n){n.scrollHeight-n.scrollTop-n.clientHeight<24?(e=!0,t=n.scrollTop):(t===null||Math.abs(n.scrollTop-t)>1)&&(e=!1,t=null)}}}var $=Rt.bind(b);function Mi(e){let t=e.seat,n=n=>n===t&&Q(e),r=t=>e.info?.seats?.find(e=>e.seat===t)||{seat:t},i=e.info?.options?.bot_level||`medium`,a=e=>!!(e.bot_level||e.bot&&!e.user),o=n=>{if(!Q(e))return I(`player.computerSeat`,{n:n+1});let r=Ir(n,t);return I(r===`top`?`player.computerPartner`:r===`left`?`player.computerLeft`:`player.computerRight`)},s=e=>{if(e==null)return``;let t=r(e);return a(t)&&!n(e)?o(e):gn(t,i)||I(`table.emptySeat`)},c=e=>{let t=r(e);return a(t)&&!n(e)?`${o(e)} · ${gn(t,i)}`:s(e)},l=e=>n(e)?I(`table.you`):s(e),u=(e,t,r={})=>n(e)&&be(`${t}You`)?I(`${t}You`,r):I(t,{...r,seat:l(e)}),d=n=>Q(e)?n===Lr(t)?I(`table.us`):I(`table.them`):I(`table.team`,{n:n+1}),f=(n,r)=>Q(e)?n===Lr(t)?I(`summary.resultWe`,{points:r}):I(`summary.resultThey`,{points:r}):I(`summary.resultTeam`,{team:d(n),points:r});return{info:r,fullName:s,longName:c,seatName:l,about:u,teamName:d,handResult:f,moveName:e=>Pr.includes(e)?I(`bid.${e}`):e===`nocante`?I(`table.noCante`):e.startsWith(`cante:`)?J(e.slice(6)):q(e),contractText:(e,t)=>t==null?I(`table.plainHand`):u(t,`table.contractBy`,{contract:I(`bid.${e}`)}),logText:n=>{let r;switch(n.kind){case`deal`:r=u(n.seat,`log.deal`);break;case`bid`:r=u(n.seat,`log.bid`,{bid:I(`bid.${n.action}`)});break;case`card`:r=u(n.seat,`log.card`,{card:q(n.action)});break;case`trick`:r=u(n.seat,`table.trickWonBy`);break;case`cante`:r=u(n.seat,`log.sings`,{points:n.points,suit:J(n.suit)});break;case`nocante`:r=u(n.seat,`log.nocante`);break;case`hand`:r=f(n.team,n.points);break;case`match`:r=Q(e)?n.team===Lr(t)?I(`match.youWon`):I(`match.youLost`):I(`match.teamWon`,{team:d(n.team)});break;default:r=``}return n.auto?`${r} (${I(`log.auto`)})`:r},myTeam:Q(e)?Lr(t):0,mine:n}}function Ni({tag:e=`span`,markup:t,...n}){return b(e,{...n,dangerouslySetInnerHTML:{__html:t}})}function Pi({suit:e}){return $`<${Ni} class="icon" markup=${He(xe.indexOf(e))} />`}function Fi({name:e}){return $`<svg class="ctl-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d=${{soundOn:`M3 9h4l5-4v14l-5-4H3z M15 8.5a5 5 0 0 1 0 7 M17.5 6a8.5 8.5 0 0 1 0 12`,soundOff:`M3 9h4l5-4v14l-5-4H3z M16 9l5 6 M21 9l-5 6`,chat:`M4 5h16v11H9l-5 4z`,log:`M5 6h14 M5 11h14 M5 16h9`,trick:`M7 4h8l2 2v12H7z M4 8v12h10`,hand:`M4 19l4-14 5 2-4 14z M13 7l5-1 2 13-6 1`,sheet:`M5 4h14v16H5z M5 9h14 M5 14h14 M11 4v16`}[e]} fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" />
  </svg>`}function Ii({clock:e,label:t=null,bar:n=!0}){let[r,i]=W(()=>Date.now());G(()=>{let e=setInterval(()=>i(Date.now()),250);return()=>clearInterval(e)},[e]);let a=hi(e,r),o=Math.ceil(a/1e3),s=e.total_ms?Math.max(0,Math.min(100,a/e.total_ms*100)):0,c=I(`table.secondsLeft`,{n:o});return $`<span class="countdown">
    <span class=${`timer${o<=5?` urgent`:``}`} role="timer" aria-live="off"
      aria-label=${t?`${t}: ${c}`:c} data-testid="turn-timer" data-seconds=${o}
      data-seat=${e.seat}>${t?`${t} · `:``}${c}</span>
    ${n?$`<span class="timer-bar" aria-hidden="true"><span style=${{width:`${s}%`}} /></span>`:null}
  </span>`}var Li=2600;function Ri({item:e,pos:t,w:n,seat:r,view:i}){let[a,o]=W(!0);if(G(()=>{o(!0);let e=setTimeout(()=>o(!1),Li);return()=>clearTimeout(e)},[e.id]),!a||e.kind===`bid`)return null;let s;if(e.kind===`cante`){let t=[`R${e.suit}`,`C${e.suit}`];s=$`<span class="announce-text">${n.about(r,`table.singsShort`,{points:e.points})}</span>
      <span class="announce-cards">
        ${t.map(e=>$`<${Ni} key=${e} class="mini-face" role="img" aria-label=${q(e)} markup=${V(z(e))} />`)}
      </span>`}else if(e.kind===`nocante`)s=$`<span class="announce-text">${n.about(r,`table.noSingShort`)}</span>`;else if(e.kind===`trick`)s=$`<span class="announce-text">${n.about(r,`table.winsTrickShort`)}</span>`;else return null;return $`<div class=${`announce announce-${e.kind}${i?.trump&&e.suit===i.trump?` trump`:``}`}
    data-testid=${`announce-${t}`} data-kind=${e.kind}>${s}</div>`}function zi({state:e,seat:t,w:n}){let r=e.view,i=n.info(t),a=Ir(t,e.seat),o=n.mine(t),s=!!(r&&r.to_move===t&&r.phase!==`finished`),c=r&&r.sitting_out===t,l=r?r.card_counts[t]:0,u=r?(t-r.mano+4)%4:-1,d=r&&u<r.bids.length?r.bids[u]:null;r&&r.phase!==`bidding`&&t!==r.bidder&&(d=null);let f=e.announce[t],p=f?.kind===`bid`?f.id:`bid`,m=e.clock&&e.clock.seat===t&&s?e.clock:null,h=n.fullName(t),g=!!(i.bot_level||i.bot&&!i.user),_=f?.kind===`trick`;return $`<div
    class=${`seat seat-${a}${s?` turn`:``}${c?` out`:``}${o?` mine`:``}${_?` won`:``} team-${Lr(t)}`}
    data-testid=${`seat-${a}`} data-seat=${t} role="group"
    aria-label=${I(`table.seatLabel`,{name:n.seatName(t),count:l})}>
    <div class="seat-head">
      ${i.name||i.bot_level?$`<${kn} name=${i.name||``} bot=${g} size=${24} />`:null}
      <span class="seat-name" title=${n.longName(t)}>${o?I(`table.you`):h}</span>
    </div>
    <div class="seat-row">
      ${r&&r.dealer===t?$`<span class="badge dealer" title=${I(`table.dealer`)}>${I(`table.dealerShort`)}</span>`:null}
      ${r&&r.mano===t?$`<span class="badge mano" title=${I(`table.mano`)}>${I(`table.manoShort`)}</span>`:null}
      ${i.away?$`<span class="badge bot">${I(`table.away`)}</span>`:null}
      ${!i.bot&&i.name&&!i.online?$`<span class="badge offline">${I(`table.offline`)}</span>`:null}
      ${c?$`<span class="badge out" data-testid="sits-out">${I(`table.sitsOut`)}</span>`:null}
      ${!o&&l?$`<span class="backs" aria-hidden="true">
            ${Array.from({length:l},(e,t)=>$`<${Ni} key=${t} class="mini-card" markup=${V(null)} />`)}
            <span class="count" data-testid=${`count-${a}`}>${l}</span>
          </span>`:null}
      ${r&&r.trump_held&&r.dealer===t?$`<${Ni} tag="span" class="trump-card" data-testid="trump-card" role="img"
            aria-label=${I(`table.shownTrump`,{card:q(r.shown_card)})}
            title=${I(`table.shownTrump`,{card:q(r.shown_card)})} markup=${V(z(r.shown_card))} />`:null}
      ${d?$`<span key=${p} class=${`bid-bubble bid-${d}${f?.kind===`bid`?` fresh`:``}`}
            data-testid=${`bid-bubble-${a}`}>${I(`bid.${d}`)}</span>`:null}
      ${s?$`<span class="turn-flag">${I(o?`table.yourTurn`:`table.theirTurn`)}</span>`:null}
      ${m?$`<${Ii} clock=${m} />`:null}
    </div>
    ${f?$`<${Ri} key=${f.id} item=${f} pos=${a} w=${n} seat=${t} view=${r} />`:null}
  </div>`}function Bi({state:e,shown:t,w:n}){let r=e.view,{plays:i,winner:a,finished:o}=t,s=null;return!i.length&&r?.phase===`bidding`&&(s=I(`table.bidding`)),!i.length&&r?.phase===`finished`&&e.summary&&(s=n.handResult(e.summary.winner,e.summary.game_points)),$`<div class=${`trick${o?` finished`:``}`} data-testid="trick" role="group"
    aria-label=${I(`table.trick`)}>
    ${i.length?null:$`<div class="emblem" aria-hidden="true">
          ${[0,1,2,3].map(e=>$`<${Ni} key=${e} class=${`emblem-suit s${e}`} markup=${He(e)} />`)}
        </div>`}
    ${i.map(([t,r,i])=>{let o=Ir(t,e.seat);return $`<${Ni} key=${r} tag="div"
        class=${`trick-card at-${o} enter-${o}${a===t?` winner`:``}${i?` pending`:``}`}
        data-testid=${`trick-card-${r}`} data-pending=${i?`true`:null} role="img"
        aria-label=${`${n.seatName(t)}: ${q(r)}`} markup=${V(z(r))} />`})}
    ${s?$`<div class=${`trick-note${r?.phase===`finished`?` result`:``}`} data-testid=${r?.phase===`finished`?`hand-result`:null}>${s}</div>`:null}
  </div>`}function Vi({state:e,w:t,conn:n,tableId:r,toast:i,sitAt:a,fail:o}){let s=e.info,c=`${location.origin}${location.pathname}#/join/${s.code}`,l=K(null);return $`<div class="waiting panel" data-testid="waiting">
    <h2>${I(`table.waiting`)}</h2>
    ${s.code?$`<div class="invite">
          <span>${I(`table.inviteCode`)}</span>
          <strong class="code" data-testid="invite-code">${s.code}</strong>
          <input ref=${l} class="link" readonly value=${c} data-testid="invite-link" aria-label=${I(`table.inviteLink`)} />
          <button class="btn small" data-testid="copy-link" onClick=${()=>{let e=()=>{l.current?.select(),i(I(`table.copyByHand`))};if(!navigator.clipboard)return e();navigator.clipboard.writeText(c).then(()=>i(I(`table.copied`)),e)}}>${I(`table.copy`)}</button>
        </div>`:null}
    <ul class="seat-list">
      ${s.seats.map(i=>$`<li key=${i.seat}>
          <span class="seat-label" data-testid=${`seat-label-${i.seat}`}>${I(`table.seatN`,{n:i.seat+1})} · ${t.teamName(Lr(i.seat))}</span>
          <span class=${`who${i.name?``:` free`}`} data-testid=${`seat-who-${i.seat}`}
            title=${i.name?t.seatName(i.seat):``}>${i.name?t.seatName(i.seat):I(`table.emptySeat`)}</span>
          ${!i.name&&Q(e)?$`<button class="btn small" data-testid=${`add-bot-${i.seat}`}
                onClick=${()=>n.command(`add_bot`,{table:r,seat:i.seat}).catch(o)}>${I(`table.addBot`)}</button>`:null}
          ${!i.name&&!Q(e)?$`<button class="btn small primary" data-testid=${`sit-${i.seat}`} onClick=${()=>a(i.seat)}>${I(`table.sitHere`)}</button>`:null}
        </li>`)}
    </ul>
  </div>`}function Hi({state:e,legal:t,w:n,act:r,reclaim:i,bidHelp:a}){let o=e.view,s=o&&Q(e)&&o.to_move===e.seat&&o.phase!==`finished`,c={pass:`P`,solo:`S`,cuatrola:`C`,quintola:`Q`},l=null,u=[],d=s&&e.pending&&(o.phase===`bidding`||o.phase===`cante`)?e.pending.action:null;d?l=Pr.includes(d)?I(`log.bidYou`,{bid:I(`bid.${d}`)}):d===`nocante`?I(`log.nocanteYou`):I(`log.canteYou`,{suit:J(d.slice(6))}):s&&o.phase===`bidding`?(l=I(`table.yourBid`),u=Pr.filter(e=>t.bids.includes(e)).map(e=>$`<button key=${e} class=${`btn bid ${e===`pass`?`ghost`:`primary`}`}
        data-testid=${`bid-${e}`} aria-keyshortcuts=${c[e]} title=${a(e)}
        aria-description=${a(e)} onClick=${()=>r(e)}>${I(`bid.${e}`)}</button>`)):s&&o.phase===`cante`?(l=I(`table.canSing`),u=t.cantes.map(e=>{let t=e.slice(6),n=t===o.trump?40:20;return $`<button key=${e} class="btn primary cante" data-testid=${`cante-${t}`} aria-keyshortcuts="K"
        onClick=${()=>r(e)}><${Pi} suit=${t} /><span>${I(`table.sing`,{points:n,suit:J(t)})}</span></button>`}),t.nocante&&u.push($`<button key="nocante" class="btn ghost" data-testid="no-cante" aria-keyshortcuts="N"
        onClick=${()=>r(`nocante`)}>${I(`table.noCante`)}</button>`)):s&&o.phase===`play`?l=I(`table.playCard`):o&&o.phase===`cante`&&(o.to_move===null||o.to_move===void 0)?l=I(`table.canteWindow`):o&&o.phase!==`finished`&&o.to_move!==null&&o.to_move!==void 0&&(l=I(`table.waitingFor`,{seat:n.seatName(o.to_move)}));let f=e.message,p=null;if(f){if(f.error)p=Y(f.error);else{let e={...f.params||{}};`suit`in e&&(e.suit=J(e.suit)),f.move&&(e.move=n.moveName(e.move)),p=I(f.key,e)}}return $`<div class=${`actions${s&&!d&&o.phase===`cante`&&u.length>0?` over-felt`:``}`} data-testid="actions">
    ${l?$`<span class=${`prompt${s&&!d?``:` muted`}`} data-testid=${d?`sent-move`:`prompt`}
          aria-busy=${d?`true`:null}>${l}</span>`:null}
    ${u}
    ${Q(e)&&n.info(e.seat).away?$`<button class="btn primary" data-testid="reclaim" onClick=${i}>${I(`table.reclaim`)}</button>`:null}
    ${p?$`<span class=${`message ${f.kind}`} role="alert" data-testid="table-message">${p}</span>`:null}
  </div>`}function Ui({state:e,cards:t,legal:n,selected:r,onPick:i,hinted:a=null}){let o=e.view;if(!Q(e))return $`<div class="hand spectator" data-testid="spectating">${I(`table.spectating`)}</div>`;if(!o)return $`<div class="hand" />`;let s=o.phase===`play`&&o.to_move===e.seat,c=o.sitting_out===e.seat;return $`<div class=${`hand${c?` out`:``}`} data-testid="hand" role="listbox" aria-orientation="horizontal" tabindex="-1"
    aria-label=${I(c?`table.yourHandOut`:`table.yourHand`)}>
    ${t.map((e,t)=>{let o=s&&n.cards.includes(e),c=[`card`];return s&&c.push(o?`legal`:`dim`),s&&t===r&&c.push(`selected`),e===a&&c.push(`hinted`),$`<button key=${e} class=${c.join(` `)} data-testid=${`card-${e}`} data-card=${e}
        data-hinted=${e===a?`true`:null}
        data-index=${t} data-legal=${String(o)} role="option" aria-selected=${String(t===r)}
        aria-label=${`${q(e)}${s&&!o?` (${I(`table.notPlayable`)})`:``}`}
        aria-keyshortcuts=${String(t+1)} tabindex=${t===r?`0`:`-1`}
        onClick=${()=>i(e,t)} dangerouslySetInnerHTML=${{__html:V(z(e))}} />`})}
  </div>`}function Wi({state:e,w:t}){let n=K(null),r=K(null);return r.current||=ji(),Et(()=>r.current.update(n.current),[e.log.length?e.log[e.log.length-1].id:0]),$`<section class="side-part log-part" aria-labelledby="game-log-title">
    <h2 class="side-title" id="game-log-title">${I(`table.log`)}</h2>
    <ol class="game-log" ref=${n} onScroll=${e=>r.current.onScroll(e.currentTarget)} aria-live="polite" aria-relevant="additions"
      aria-labelledby="game-log-title" tabindex="0" data-testid="game-log">
      ${e.log.map(e=>$`<li key=${e.id} class=${`log-${e.kind}${e.seat!==void 0&&e.seat!==null?` team-${Lr(e.seat)}`:``}`}
          data-kind=${e.kind}>${t.logText(e)}</li>`)}
    </ol>
  </section>`}function Gi({state:e,w:t,send:n,muted:r,toggleMute:i}){let a=K(null),o=K(null);G(()=>{let e=o.current;e&&(e.scrollTop=e.scrollHeight)},[e.chat.length?e.chat[e.chat.length-1]:null]);let s=e=>{e.preventDefault();let t=a.current.value.trim();t&&(a.current.value=``,n({text:t.slice(0,200)}))},c=(e.info?.seats||[]).filter(t=>t.user&&t.seat!==e.seat),l=!!(e.info?.options?.public||e.mutedSpectators);return $`<section class="side-part chat-part" aria-labelledby="chat-title">
    <h2 class="side-title" id="chat-title">${I(`chat.title`)}</h2>
    <ul class="chat-lines" ref=${o} data-testid="chat" aria-live="polite" aria-labelledby="chat-title"
      tabindex="0">
      ${e.chat.map((e,t)=>$`<li key=${t} class=${e.seat===null||e.seat===void 0?`spectator`:`team-${Lr(e.seat)}`}>
          <strong>${e.name}: </strong><span>${e.phrase?I(`phrase.${e.phrase}`):e.text}</span>
        </li>`)}
    </ul>
    <div class="phrases">
      ${Zn.map(e=>$`<button key=${e} class="chip" type="button" data-testid=${`phrase-${e}`} onClick=${()=>n({phrase:e})}>${I(`phrase.${e}`)}</button>`)}
    </div>
    <form class="chat-form" onSubmit=${s}>
      <input ref=${a} type="text" maxlength="200" data-testid="chat-input" aria-label=${I(`chat.placeholder`)}
        placeholder=${I(`chat.placeholder`)} autocomplete="off" />
      <button class="btn small" type="submit" data-testid="chat-send">${I(`chat.send`)}</button>
    </form>
    ${c.length||l?$`<div class="mutes">
          <span class="muted">${I(`chat.mute`)}</span>
          ${c.map(e=>$`<button key=${e.seat} class=${`chip${r.has(e.seat)?` on`:``}`} type="button"
              aria-pressed=${String(r.has(e.seat))} data-testid=${`mute-${e.seat}`} onClick=${()=>i(e.seat)}>${t.seatName(e.seat)}</button>`)}
          ${l?$`<button class=${`chip${e.mutedSpectators?` on`:``}`} type="button"
                aria-pressed=${String(e.mutedSpectators)} data-testid="mute-spectators"
                onClick=${()=>i(null)}>${I(`chat.spectators`)}</button>`:null}
        </div>`:null}
  </section>`}function Ki({state:e,w:t,open:n,onClose:r,send:i,muted:a,toggleMute:o}){let s=K(null),c=K(null),l=K(n);return Et(()=>{n&&s.current?.offsetParent?s.current.focus():!n&&l.current&&c.current?.contains(document.activeElement)&&document.querySelector(`.drawer-toggle`)?.focus(),l.current=n},[n]),$`<aside ref=${c} class=${`side${n?` open`:``}`} data-testid="side" aria-label=${I(`table.sidePanel`)}>
    <button ref=${s} class="btn small ghost drawer-close" type="button" data-testid="side-close" onClick=${r}>${I(`common.close`)}</button>
    <${Wi} state=${e} w=${t} />
    <${Gi} state=${e} w=${t} send=${i} muted=${a} toggleMute=${o} />
  </aside>`}var qi=[];function Ji(){let e=qi[qi.length-1];return e?(e.current?.(),!0):!1}function Yi({testid:e,title:t,onClose:n,children:r,footer:i=null,after:a=null,closeText:o=null}){let s=K(null),c=K(n);c.current=n;let l=K(!1);return Et(()=>{let e=s.current,t=document.activeElement,n=t?.tagName===`INPUT`;qi.push(c),typeof e.showModal==`function`?e.showModal():e.setAttribute(`open`,``);let r=e.querySelector(`.btn.primary`);return r&&!n?r.focus():e.focus(),()=>{qi.splice(qi.indexOf(c),1);let n=document.activeElement,r=!n||n===document.body||e.contains(n);if(l.current=!0,e.open&&e.close(),!r)return;let i=t?.isConnected&&t!==document.body?t:null,a=[`.hand .card[tabindex="0"]`,`.hand[tabindex]`,`.table-screen`].map(e=>document.querySelector(e));(i||a.find(Boolean))?.focus({preventScroll:!0})}},[]),$`<dialog class=${`dialog${a?` from-top`:``}`} aria-modal="true" tabindex="-1"
    aria-labelledby=${`${e}-title`} data-testid=${e} ref=${s} onCancel=${e=>{e.preventDefault(),c.current?.()}} onClose=${()=>{l.current||(c.current?c.current():s.current?.isConnected&&typeof s.current.showModal==`function`&&s.current.showModal())}}>
    <h2 id=${`${e}-title`}>${t}</h2>
    ${r}
    <div class="dialog-foot">
      ${i}
      ${n?$`<button class="btn primary close" data-testid=${`${e}-close`} onClick=${n}>${o||I(`common.continue`)}</button>`:null}
    </div>
    ${a}
  </dialog>`}function Xi({state:e,w:t,onClose:n}){let r=e.lastTrick;return $`<${Yi} testid="last-trick" title=${I(`table.lastTrick`)} onClose=${n}>
    ${r?$`<div class="card-row">
          ${r.seats.map((e,n)=>$`<figure key=${r.cards[n]} class=${r.winner===e?`winner`:``}>
              <${Ni} tag="div" class="card static" role="img" aria-label=${q(r.cards[n])} markup=${V(z(r.cards[n]))} />
              <figcaption title=${t.fullName(e)}>${t.seatName(e)}</figcaption>
            </figure>`)}
          <p class="muted">${t.about(r.winner,`table.trickWonBy`)}</p>
        </div>`:$`<p>${I(`table.noTrickYet`)}</p>`}
  </${Yi}>`}var Zi=e=>yr(e);function Qi({d:e}){let t=e.kind===`bid`?I(`analysis.whereBid`):I(`analysis.whereTrick`,{trick:e.trick});return $`<li data-testid="summary-decision" data-mark=${e.mark||`none`}>
    ${`${t}: ${I(`analysis.played`,{action:hr(e.chosen)})} · ${I(`analysis.best`,{action:hr(e.best)})} · ${I(`analysis.cost`,{cost:Sr(e)})}`}
    ${e.mark?$` <span class=${`an-mark an-${e.mark}`}>${I(`analysis.mark.${e.mark}`)}</span>`:null}
  </li>`}function $i({state:e,w:t}){let n=ni(e);if(!n)return null;let r;return r=n.seats?$`<ul class="an-accuracy">
      ${n.seats.map(e=>$`<li key=${e.seat} data-testid=${`summary-accuracy-${e.seat}`}>
          ${I(`analysis.seatAccuracy`,{seat:t.seatName(e.seat),accuracy:Zi(e.accuracy)})}
        </li>`)}
    </ul>`:!n.mine||n.mine.accuracy===null?$`<p class="muted">${I(`analysis.noChoice`)}</p>`:$`<p data-testid="summary-accuracy">${I(`analysis.yourAccuracy`,{accuracy:Zi(n.mine.accuracy)})}</p>
      ${n.costly.length?$`<ul class="summary-costly">${n.costly.map(e=>$`<${Qi} key=${e.step} d=${e} />`)}</ul>`:$`<p class="good">${I(`analysis.allBest`)}</p>`}`,$`<section class="summary-analysis" data-testid="summary-analysis" aria-live="polite">
    <h3>${I(`analysis.handTitle`)}</h3>
    ${r}
  </section>`}function ea({state:e,w:t,onClose:n,myClock:r}){let i=e.summary,a=t.myTeam,o=(e,t,n,r)=>$`<tr data-testid=${r}><th scope="row">${e}</th><td>${t}</td><td>${n}</td></tr>`,s=i.cantes.length?i.cantes.map(e=>t.about(e.seat,`summary.canteLine`,{suit:J(e.suit),points:e.points})).join(` · `):I(`summary.noCantes`),c=Array.isArray(i.card_points)&&Array.isArray(i.cante_points),l=e=>i.last_trick===e?`+10`:`–`,u=i.winner===a,d=r?$`<span class="next-hand"><${Ii} clock=${r} label=${I(`summary.nextHandNeedsYou`)} bar=${!1} /></span>`:null,f=$`<${$i} state=${e} w=${t} />`;return $`<${Yi} testid="hand-summary" title=${I(`summary.title`)} onClose=${n} footer=${d} after=${f}>
    <div class="summary">
      <p class=${`summary-result ${Q(e)?u?`good`:`bad`:``}`} data-testid="summary-result">
        ${t.handResult(i.winner,i.game_points)}
      </p>
      <p>${t.contractText(i.contract,i.bidder)}</p>
      <table class="summary-table">
        <thead><tr><td /><th scope="col">${t.teamName(a)}</th><th scope="col">${t.teamName(1-a)}</th></tr></thead>
        <tbody>
          ${c?o(I(`summary.cardPoints`),i.card_points[a],i.card_points[1-a],`summary-cards`):null}
          ${c&&i.last_trick!==void 0&&i.last_trick!==null?o(I(`summary.lastTrick`),l(a),l(1-a),`summary-last-trick`):null}
          ${c?o(I(`summary.cantePoints`),i.cante_points[a],i.cante_points[1-a],`summary-cante-points`):null}
          ${o(I(`summary.points`),i.points[a],i.points[1-a],`summary-points`)}
          ${o(I(`summary.tricks`),i.tricks[a],i.tricks[1-a],`summary-tricks`)}
          ${o(I(`summary.score`),i.score_after[a],i.score_after[1-a],`summary-score`)}
        </tbody>
      </table>
      <p class="muted">${I(`summary.cantes`)}: ${s}</p>
      ${i.dead_hand&&i.dead_hand.length?$`<div class="dead-hand" data-testid="dead-hand">
            <p>${i.sitting_out===e.seat&&Q(e)?I(`summary.deadHandYou`):I(`summary.deadHand`,{seat:t.seatName(i.sitting_out)})}</p>
            <div class="card-row small">
              ${i.dead_hand.map(e=>$`<${Ni} key=${e} tag="div" class="card static" role="img" aria-label=${q(e)} data-testid=${`dead-${e}`} markup=${V(z(e))} />`)}
            </div>
          </div>`:null}
    </div>
  </${Yi}>`}function ta({onLeave:e,onCancel:t}){let n=$`<button class="btn" data-testid="leave-confirm-ok" onClick=${e}>${I(`table.leave`)}</button>`;return $`<${Yi} testid="leave-confirm" title=${I(`table.leaveTitle`)} onClose=${t}
    closeText=${I(`common.cancel`)} footer=${n}>
    <p>${I(`table.leaveConfirm`)}</p>
  </${Yi}>`}function na({state:e,w:t,rematch:n,leave:r,openSheet:i}){let a=e.matchEnd,o=t.myTeam,s=Q(e),c=e.info?.rematch||[],l=s&&c.includes(e.seat);return $`<${Yi} testid="match-end" title=${I(`match.title`)} onClose=${null}>
    <div class="match-end">
      <p class=${`big ${s?a.winner===o?`good`:`bad`:``}`} data-testid="match-winner">
        ${s?a.winner===o?I(`match.youWon`):I(`match.youLost`):I(`match.teamWon`,{team:t.teamName(a.winner)})}
      </p>
      <p class="final" data-testid="final-score">${I(`match.final`,{us:a.score[o],them:a.score[1-o]})}</p>
      ${c.length?$`<p class="muted">${I(`match.rematchAccepted`,{names:c.map(e=>t.seatName(e)).join(`, `)})}</p>`:null}
      <div class="row">
        ${s?$`<button class="btn primary" data-testid="rematch" disabled=${l} onClick=${n}>
              ${I(l?`match.rematchWaiting`:`match.rematch`)}
            </button>`:null}
        <button class="btn ghost" data-testid="match-sheet" onClick=${i}>${I(`sheet.title`)}</button>
        <button class="btn ghost" data-testid="back-lobby" onClick=${r}>${I(`nav.lobby`)}</button>
      </div>
    </div>
  </${Yi}>`}function ra({state:e,w:t,onClose:n}){let r=t.myTeam,{base:i,rows:a}=e.sheet,o=e.info?.score||[0,0],s=$`${t.teamName(r)}–<wbr />${t.teamName(1-r)}`;return $`<${Yi} testid="score-sheet" title=${I(`sheet.title`)} onClose=${n}>
    <div class="sheet-wrap">
      <table class="summary-table score-sheet">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">${I(`sheet.contract`)}</th>
            <th scope="col">${I(`sheet.handPoints`)}</th>
            <th scope="col">${I(`sheet.gamePoints`)}</th>
            <th scope="col">${I(`sheet.score`)}</th>
          </tr>
          <tr class="sheet-teams"><td /><td /><th>${s}</th><td /><th>${s}</th></tr>
        </thead>
        <tbody>
          ${i?$`<tr data-testid="sheet-base" class="sheet-base">
                <td colspan="4">${I(`sheet.before`,{n:i.hands})}</td>
                <td>${i.score[r]}–${i.score[1-r]}</td>
              </tr>`:null}
          ${a.map(e=>$`<tr key=${e.hand} data-testid=${`sheet-row-${e.hand}`}>
              <td>${e.hand}</td>
              <td>${t.contractText(e.contract,e.bidder)}</td>
              <td>${e.points[r]}–${e.points[1-r]}</td>
              <td class=${e.winner===r?`good`:`bad`}>${t.teamName(e.winner)} +${e.game_points}</td>
              <td>${e.score[r]}–${e.score[1-r]}</td>
            </tr>`)}
          ${!i&&!a.length?$`<tr><td colspan="5" class="muted">${I(`sheet.empty`)}</td></tr>`:null}
        </tbody>
        <tfoot><tr><th colspan="4" scope="row">${I(`table.matchScore`)}</th><td data-testid="sheet-total">${o[r]}–${o[1-r]}</td></tr></tfoot>
      </table>
    </div>
  </${Yi}>`}function ia(e,t){let n=mi(e);return I(`table.handPoints`,{us:n[t],them:n[1-t],ut:e.tricks_won[t],tt:e.tricks_won[1-t]})}var aa=/^[A3RCS][OCEB]$/;function oa(e){return aa.test(e)?q(e):e===`nocante`?I(`tutorial.noCante`):e.startsWith(`cante:`)?I(`tutorial.sing`,{suit:J(e.slice(6))}):I(`bid.${e}`)}function sa(e,t,n){let[r,i]=W(null),[a,o]=W(!1),[s,c]=W(null),l=K(null),u=K(n.view);u.current=n.view;let d=K(null);G(()=>{let n=[e.on(`hint`,e=>{e.table===t&&(o(!1),l.current&&l.current===u.current&&i({hint:e,view:l.current}))}),e.on(`error`,e=>{e.id&&e.id===d.current&&(o(!1),c(Y(e)))})];return()=>n.forEach(e=>e())},[e,t]),G(()=>{c(null),o(!1)},[n.view]);let f=!!n.info?.options?.hints&&Q(n),p=f&&Gr(n),m=Ot(()=>{l.current=u.current,o(!0),c(null),e.command(`hint`,{table:t}).then(e=>{d.current=e.id}).catch(e=>{o(!1),c(Y(e))})},[e,t]);return{hint:r&&r.view===n.view?r.hint:null,ask:m,busy:a,error:s,available:p,offered:f}}function ca({hints:e}){if(!e.offered)return null;if(!e.available)return $`<div class="hint-bar idle" aria-hidden="true">
      <button class="btn small" disabled tabindex="-1">${I(`hint.ask`)}</button>
    </div>`;let{hint:t}=e;return $`<div class="hint-bar" data-testid="hint-bar">
    <button class="btn small" data-testid="hint-btn" disabled=${e.busy||!!t} onClick=${e.ask}
      title=${I(`hint.help`)}>${I(`hint.ask`)}</button>
    ${t?$`<p class="hint-text" role="status" data-testid="hint" data-action=${t.action} data-reason=${t.reason}>
          <strong>${I(`hint.move`,{move:oa(t.action)})}</strong> ${I(`hint.${t.reason}`)}
        </p>`:null}
    ${e.error?$`<p class="message error" role="alert" data-testid="hint-error">${e.error}</p>`:null}
  </div>`}function la(){return!!document.querySelector(`dialog.dialog[open]`)}function ua(){let e=document.activeElement;return!e||e===document.body||e.id===`app`}function da(){try{return localStorage.getItem(`cuatrola.speed`)===`fast`}catch{return!1}}var fa=1300,pa=`(min-width: 1100px)`;function ma({conn:e,tableId:t,onLeave:n,toast:r=()=>{}}){let[i,a]=Tt(ci,void 0,Ur),[,o]=W(0),[s,c]=W(e.status),[l,u]=W(!1),[d,f]=W(()=>typeof matchMedia!=`function`||matchMedia(pa).matches),[p,m]=W(Ei),[h,g]=W(0),_=K(0),v=Ot(e=>{_.current=e,g(e)},[]),[y,b]=W(null),x=sa(e,t,i),S=K(i);S.current=i;let C=Dt(()=>new Set(i.muted),[i.muted]);G(()=>{let n=[e.on(`sync`,e=>e.table===t&&a({type:`sync`,msg:e,now:Date.now()})),e.on(`event`,e=>e.table===t&&a({type:`event`,msg:e,now:Date.now()})),e.on(`presence`,e=>e.table===t&&a({type:`presence`,msg:e})),e.on(`hand_analysis`,e=>e.table===t&&a({type:`hand_analysis`,msg:e})),e.on(`muted`,e=>e.table===t&&a({type:`muted`,msg:e})),e.on(`state`,e=>c(e.status)),ye(()=>o(e=>e+1))];return c(e.status),e.subscribe(t,{fresh:!0}).catch(e=>b(e)),()=>{for(let e of n)e();e.unsubscribe(t)}},[e,t]),G(()=>{if(typeof matchMedia!=`function`)return;let e=matchMedia(pa),t=()=>f(e.matches);return e.addEventListener(`change`,t),()=>e.removeEventListener(`change`,t)},[]),G(()=>{if(!i.flash)return;let e=i.flash.id,t=setTimeout(()=>a({type:`flashDone`,id:e}),da()?300:fa);return()=>clearTimeout(t)},[i.flash?.id]),G(()=>{for(let e of i.cue.sounds)Ai(e)},[i.cue.id]);let w=d||l;G(()=>{w&&i.chatUnread&&a({type:`chatSeen`})},[w,i.chatUnread]);let T=Gr(i);G(()=>{let e=I(`app.title`),t=()=>{let t=T&&document.hidden?I(`table.yourTurnTitle`):null;t?document.title!==t&&(document.title=t):document.title===I(`table.yourTurnTitle`)&&(document.title=e)};return t(),document.addEventListener(`visibilitychange`,t),()=>{document.removeEventListener(`visibilitychange`,t),document.title===I(`table.yourTurnTitle`)&&(document.title=e)}},[T]);let E=Ot(e=>a({type:`message`,message:{error:{code:e?.code,message:e?.message},kind:`error`}}),[]),D=Ot(n=>{let r=S.current;if(r.pending||!Gr(r))return;a({type:`play`,action:n});let i=e.tables.get(t)??void 0;e.command(`act`,{table:t,action:n,seq:i}).catch(e=>a({type:`refused`,action:n,error:{code:e?.code,message:e?.message}}))},[e,t]),O=Ot((e,t)=>{let n=S.current;v(t),!n.pending&&di(n).cards.includes(e)?D(e):n.pending||a({type:`explain`,code:e})},[D]),ee=Ot(n=>e.command(`chat`,{table:t,...n}).catch(E),[e,t,E]),k=Ot(n=>{let r=n===null,i=r?!S.current.mutedSpectators:!C.has(n),o=r?{spectators:!0}:{seat:n};e.command(`mute`,{table:t,...o,on:i}).then(()=>a({type:`mute`,...o,on:i})).catch(E)},[e,t,C,E]),A=Ot(n=>e.command(`join`,{table:t,seat:n}).then(()=>e.subscribe(t,{fresh:!0})).catch(E),[e,t,E]),[te,j]=W(!1),M=Ot(()=>{j(!1),Q(S.current)?(e.command(`leave`,{table:t}).catch(()=>null),n(!0)):n(!1)},[e,t,n]),N=Ot(()=>{let e=S.current;Q(e)&&e.info?.status===`playing`?j(!0):M()},[M]),ne=e=>e===`cuatrola`&&i.info?.options?.quintola===!1?I(`bidHelp.cuatrolaAll`):I(`bidHelp.${e}`),re=()=>{let e=!p;Di(e),m(e)},P=Mi(i),ie=li(i),ae=di(i),oe=ui(i),se=gi(i),F=i.view,ce=F&&Gr(i,`play`)?`${F.tricks.length}/${F.trick.length}`:null;Et(()=>{if(!ce)return;let e=ie.findIndex(e=>ae.cards.includes(e));e>=0&&v(e);let t=document.activeElement;t&&t!==document.body&&t.id!==`app`&&!t.closest?.(`.hand`)||la()||document.querySelector(`.hand .card[data-index="${Math.max(e,0)}"]`)?.focus({preventScroll:!0})},[ce]);let le=Math.min(h,Math.max(0,ie.length-1)),ue=te||Object.values(se).some(Boolean),de=F&&!i.pending&&!ue&&(Gr(i,`bidding`)||Gr(i,`cante`))?`${F.phase}/${F.bids.length}/${F.tricks.length}`:null,fe=K(!1);G(()=>{let e=e=>{fe.current=!!e.target?.closest?.(`.hand, .actions`)};return document.addEventListener(`focusin`,e),()=>document.removeEventListener(`focusin`,e)},[]),Et(()=>{fe.current&&ua()&&!la()&&(document.querySelector(`.hand .card[data-index="${le}"]`)||document.querySelector(`.hand`))?.focus({preventScroll:!0})},[ie.join(` `),de]);let pe=!!i.info;Et(()=>{pe&&ua()&&(document.querySelector(`.hand .card[tabindex="0"]`)||document.querySelector(`.table-screen`))?.focus({preventScroll:!0})},[pe]),Et(()=>{de&&!la()&&(ua()||document.activeElement.closest?.(`.hand, .actions`))&&document.querySelector(`.actions button.bid, .actions button.cante, .actions [data-testid=no-cante]`)?.focus({preventScroll:!0})},[de]);let me=K(null);me.current=e=>{let t=S.current;if(!t.view)return;if(e.key===`Escape`){Ji()?e.preventDefault():l&&u(!1);return}let n=e.target;if(n&&[`INPUT`,`TEXTAREA`,`SELECT`].includes(n.tagName)||e.ctrlKey||e.metaKey||e.altKey)return;let r=e.key.toLowerCase();if(r===`l`&&t.lastTrick){a({type:`toggle`,dialog:`lastTrick`});return}if(la()||!Q(t))return;let i=li(t);if(t.view.phase===`play`&&i.length){let t=e=>{v(e),document.querySelector(`.hand .card[data-index="${e}"]`)?.focus({preventScroll:!0})};if(e.key===`ArrowRight`||e.key===`ArrowLeft`){e.preventDefault();let n=e.key===`ArrowRight`?1:-1;t((Math.min(_.current,i.length-1)+n+i.length)%i.length);return}if(/^[1-5]$/.test(e.key)&&Number(e.key)<=i.length){e.preventDefault(),t(Number(e.key)-1);return}if((e.key===`Enter`||e.key===` `)&&n?.closest?.(`button, a, select, summary`))return;if(e.key===`Enter`){e.preventDefault();let t=Math.min(_.current,i.length-1);O(i[t],t);return}}let o=di(t);if(t.view.phase===`bidding`&&Gr(t)){let t={p:`pass`,s:`solo`,c:`cuatrola`,q:`quintola`};t[r]&&o.bids.includes(t[r])&&(e.preventDefault(),D(t[r]))}else t.view.phase===`cante`&&Gr(t)&&(r===`n`&&o.nocante?(e.preventDefault(),D(`nocante`)):r===`k`&&o.cantes.length&&(e.preventDefault(),D(o.cantes[0])))},G(()=>{let e=e=>me.current(e);return document.addEventListener(`keydown`,e),()=>document.removeEventListener(`keydown`,e)},[]);let he=Dt(()=>i.clock&&Q(i)&&i.clock.seat===i.seat&&Gr(i)?i.clock:null,[i.clock,i.seat,i.view]),ge=$`<h1 class="sr-only" id="table-title">${I(`table.region`)}</h1>`;if(!i.info)return $`<section class="table-screen loading" data-testid="table-loading" aria-labelledby="table-title">
      ${ge}
      <p class="muted">${y?Y(y):I(`table.loading`)}</p>
      <button class="btn" data-testid="back-lobby" onClick=${()=>n(!1)}>${I(`nav.lobby`)}</button>
    </section>`;let _e=i.info,ve=P.myTeam,be=_e.score||[0,0],Se=F?.phase||`waiting`,Ce=!F||_e.status===`open`,we=_e.status===`closed`,Te=e=>$`<div class=${`score team-${e===ve?`us`:`them`}`}>
    <span class="score-label">${P.teamName(e)}</span>
    <span class="score-value" data-testid=${`score-team-${e}`}>${be[e]}</span>
  </div>`,Ee=$`<header class="table-bar">
    <div class="match-score" data-testid="match-score" role="group" aria-label=${I(`table.matchScore`)}>
      ${Te(ve)}<span class="score-sep" aria-hidden="true">–</span>${Te(1-ve)}
      <span class="rules-tag">${hn(_e.options?.rules||`exact11`)}</span>
    </div>
    <div class="hand-info">
      ${F?$`<span class="trump-badge" data-testid="trump" title=${I(`table.trump`)}>
              <${Ni} class="icon" markup=${He(xe.indexOf(F.trump))} />
              <span class="trump-label">${I(`table.trump`)}:</span>
              <span>${J(F.trump)}</span>
            </span>
            ${F.contract!==`pass`||F.phase!==`bidding`?$`<span class="contract" data-testid="contract">${F.phase===`bidding`&&(F.bidder===null||F.bidder===void 0)?``:P.contractText(F.contract,F.bidder)}</span>`:null}
            <span class="hand-score" data-testid="hand-score">${ia(F,ve)}</span>`:null}
    </div>
    <div class="bar-buttons" data-testid="bar-buttons">
      ${_e.code?$`<span class="code-tag" data-testid="table-code" title=${I(`table.inviteCode`)}>${_e.code}</span>`:null}
      <button class="btn small ghost labelled" data-testid="last-trick-btn" disabled=${!i.lastTrick} aria-keyshortcuts="L"
        title=${I(`table.lastTrick`)} onClick=${()=>a({type:`toggle`,dialog:`lastTrick`})}>
        <${Fi} name="trick" /><span class="btn-label">${I(`table.lastTrick`)}</span>
      </button>
      ${i.summary?$`<button class="btn small ghost labelled" data-testid="last-hand-btn" title=${I(`table.lastHand`)}
            onClick=${()=>a({type:`open`,dialog:`summary`})}>
            <${Fi} name="hand" /><span class="btn-label">${I(`table.lastHand`)}</span>
          </button>`:null}
      <button class="btn small ghost icon-btn" data-testid="score-sheet-btn" title=${I(`sheet.title`)} aria-label=${I(`sheet.title`)}
        onClick=${()=>a({type:`open`,dialog:`sheet`})}><${Fi} name="sheet" /></button>
      <button class="btn small ghost icon-btn" data-testid="sound-toggle" aria-pressed=${String(!p)}
        title=${I(p?`table.soundMute`:`table.soundUnmute`)} aria-label=${I(`table.soundMute`)}
        onClick=${re}><${Fi} name=${p?`soundOn`:`soundOff`} /></button>
      <button class="btn small ghost icon-btn drawer-toggle" data-testid="chat-toggle" aria-expanded=${String(l)}
        title=${I(`table.sidePanel`)} aria-label=${i.chatUnread?`${I(`table.sidePanel`)}, ${I(`chat.unread`,{n:i.chatUnread})}`:I(`table.sidePanel`)}
        onClick=${()=>u(!l)}>
        <${Fi} name="chat" />
        ${i.chatUnread?$`<span class="unread" data-testid="chat-unread">${i.chatUnread}</span>`:null}
      </button>
      <a class="btn small ghost icon-btn" data-testid="rules-link" href="/rules" target="_blank" rel="noopener"
        title=${I(`tutorial.rulesTitle`)} aria-label=${I(`tutorial.rulesTitle`)}>?</a>
      <button class="btn small ghost" data-testid="leave-table" onClick=${N}>
        ${Q(i)?I(`table.leave`):I(`table.stopWatching`)}
      </button>
    </div>
  </header>`,De;return De=we?$`<div class="felt waiting-state" data-testid="felt">
      <div class="waiting panel" data-testid="table-closed">
        <h2>${I(`table.closed`)}</h2>
        <button class="btn primary" data-testid="back-lobby" onClick=${()=>n(!1)}>${I(`nav.lobby`)}</button>
      </div>
    </div>`:Ce?$`<div class="felt waiting-state" data-testid="felt">
      <${Vi} state=${i} w=${P} conn=${e} tableId=${t} toast=${r} sitAt=${A} fail=${E} />
    </div>`:$`<div class="felt" data-testid="felt">
      ${[0,1,2,3].map(e=>$`<${zi} key=${e} state=${i} seat=${e} w=${P} />`)}
      <div class="center"><${Bi} state=${i} shown=${oe} w=${P} /></div>
    </div>`,$`<section class=${`table-screen phase-${Se}${Ce||we?` waiting-room`:``}`} data-testid="table"
    tabindex="-1" aria-labelledby="table-title"
    data-phase=${Se} data-seat=${i.seat??`spectator`}>
    ${ge}
    <div class="conn-banner" role="status" data-testid="conn-status" hidden=${s===`open`}>
      ${s===`open`?``:I(`conn.reconnecting`)}
    </div>
    ${Ee}
    <div class="table-main">
      <div class="felt-wrap">
        ${De}
        <${Hi} state=${i} legal=${ae} w=${P} act=${D} bidHelp=${ne}
          reclaim=${()=>e.command(`reclaim`,{table:t}).catch(E)} />
        <${ca} hints=${x} />
        <${Ui} state=${i} cards=${ie} legal=${ae} selected=${le} onPick=${O}
          hinted=${x.hint?.action??null} />
      </div>
      <${Ki} state=${i} w=${P} open=${l} onClose=${()=>u(!1)} send=${ee} muted=${C} toggleMute=${k} />
    </div>
    <div class="sr-only" aria-live="polite" data-testid="announce">${ha(i)}</div>
    ${se.lastTrick?$`<${Xi} state=${i} w=${P} onClose=${()=>a({type:`close`,dialog:`lastTrick`})} />`:null}
    ${se.summary?$`<${ea} state=${i} w=${P} myClock=${he} onClose=${()=>a({type:`close`,dialog:`summary`})} />`:null}
    ${se.matchEnd?$`<${na} state=${i} w=${P} leave=${N} openSheet=${()=>a({type:`open`,dialog:`sheet`})}
          rematch=${()=>e.command(`rematch`,{table:t,accept:!0}).catch(E)} />`:null}
    ${se.sheet?$`<${ra} state=${i} w=${P} onClose=${()=>a({type:`close`,dialog:`sheet`})} />`:null}
    ${te?$`<${ta} onLeave=${M} onCancel=${()=>j(!1)} />`:null}
  </section>`}function ha(e){return Gr(e)?I(`table.yourTurn`):``}function ga(e){return X`<${ma} ...${e} />`}var _a=`cuatrola.tutorial`;function va(){return{done:[],lesson:0,step:0}}function ya(e){return e.revision>1?`${e.id}@${e.revision}`:e.id}function ba(e,t){return e.done.includes(ya(t))}function xa(e,t){let n;try{n=JSON.parse(e)}catch{return va()}if(!n||typeof n!=`object`)return va();let r=t.map(ya),i=Array.isArray(n.done)?r.filter(e=>n.done.includes(e)):[],a=Number.isInteger(n.lesson)&&n.lesson>=0&&n.lesson<=t.length?n.lesson:0,o=t[a]?.steps.length??0;return{done:i,lesson:a,step:Number.isInteger(n.step)&&n.step>=0&&n.step<o?n.step:0}}function Sa(e,t){let n=t[e.lesson];if(!n)return e;if(e.step+1<n.steps.length)return{...e,step:e.step+1};let r=ya(n);return{done:e.done.includes(r)?e.done:[...e.done,r],lesson:e.lesson+1,step:0}}function Ca(e,t){return{...e,lesson:t,step:0}}function wa(e){try{let t=localStorage.getItem(_a);return t?xa(t,e):va()}catch{return va()}}function Ta(e){try{localStorage.setItem(_a,JSON.stringify(e))}catch{}}var Ea=`(max-width: 760px)`,Da=[`bottom`,`right`,`top`,`left`],Oa=[`pass`,`solo`,`cuatrola`,`quintola`],ka={follow_suit:`why.mustFollow`,follow_suit_beat:`why.mustBeat`,must_trump:`why.mustTrump`,over_trump:`why.mustOvertrump`};function Aa(){let[e,t]=W({lessons:null,error:null});return G(()=>{let e=!0;return an(`GET`,`/tutorial`,void 0,null).then(n=>e&&t({lessons:n.lessons,error:null})).catch(n=>e&&t({lessons:null,error:n})),()=>{e=!1}},[]),e}function ja(e){return I(ka[e.reason]||`tutorial.reason.${e.reason}`,{suit:e.suit?J(e.suit):``})}function Ma(e,t){return e===`winner`||e===`sitting_out`?I(`tutorial.seat.${t}`):e===`points`?I(`tutorial.pointsN`,{n:t}):Oa.includes(t)?I(`bid.${t}`):t===`nocante`?I(`tutorial.noCante`):I(`tutorial.sing`,{suit:J(t.slice(6))})}function Na(){let{lessons:e,error:t}=Aa(),[n,r]=W(null),[i,a]=W(null),[o,s]=W(!1),c=K(null),l=K(!1),u=K(null),d=Wn(Ea,()=>u.current?.querySelector(`.learn-list`)??null);G(()=>{e&&r(wa(e))},[e]),G(()=>{l.current&&c.current?.focus(),l.current=!1},[n]);let f=e=>{r(e),Ta(e),a(null)},p=X`<h1 class="sr-only">${I(`tutorial.title`)}</h1>`;if(t)return X`<section class="panel learn" data-testid="learn">
      <h1>${I(`tutorial.title`)}</h1>
      <p class="message error" data-testid="learn-error">${Y(t)}</p>
    </section>`;if(!e||!n)return X`<section class="panel learn" data-testid="learn">
      ${p}<p class="muted" data-testid="learn-loading">${I(`common.loading`)}</p>
    </section>`;let m=X`<nav class="learn-list panel" aria-label=${I(`tutorial.lessons`)}>
    <h2>${I(`tutorial.lessons`)}</h2>
    <ol>
      ${e.map((e,t)=>{let r=ba(n,e);return X`<li key=${e.id}>
          <button class=${`learn-lesson${t===n.lesson?` current`:``}${r?` done`:``}`}
            data-testid=${`learn-lesson-${e.id}`} data-done=${String(r)} aria-current=${t===n.lesson?`step`:null}
            onClick=${()=>f(Ca(n,t))}>
            <span class="learn-mark" aria-hidden="true">${t+1}</span>
            <span>${I(`tutorial.${e.id}.title`)}</span>
            ${r?X`<span class="sr-only">${I(`tutorial.completed`)}</span>`:null}
          </button>
        </li>`})}
    </ol>
    <a class="btn small ghost" href="#/rules" data-testid="learn-rules-link">${I(`tutorial.rulesTitle`)}</a>
  </nav>`,[h,g]=d?[null,m]:[m,null];if(n.lesson>=e.length)return X`<div class="learn-screen" data-testid="learn" ref=${u}>
      ${p}${h}
      <section class="panel learn-main" data-testid="learn-done">
        <h2 ref=${c} tabindex="-1">${I(`tutorial.doneTitle`)}</h2>
        <p>${I(`tutorial.doneText`)}</p>
        <div class="learn-actions">
          <a class="btn primary" href="#/">${I(`tutorial.toLobby`)}</a>
          <button class="btn" data-testid="learn-restart" onClick=${()=>f({...n,lesson:0,step:0})}>
            ${I(`tutorial.restart`)}
          </button>
        </div>
      </section>
      ${g}
    </div>`;let _=e[n.lesson],v=_.steps[n.step],y=n.step+1;return X`<div class="learn-screen" data-testid="learn" ref=${u}>
    ${p}${h}
    <section class="panel learn-main" aria-labelledby="learn-title">
      <h2 id="learn-title" data-testid="learn-title" ref=${c} tabindex="-1">${I(`tutorial.${_.id}.title`)}</h2>
      <p class="learn-text" data-testid="learn-text">${I(`tutorial.${_.id}.text`)}</p>
      <p class="muted" data-testid="learn-step">${I(`tutorial.stepN`,{n:y,total:_.steps.length})}</p>
      <p class="learn-task" data-testid="learn-task"><strong>${I(`tutorial.${_.id}.${y}.task`)}</strong></p>
      <${Pa} step=${v} answered=${!!i?.right}
        played=${i?.right&&/^[A3RCS][OCEB]$/.test(i.answer)?i.answer:null} />
      <${Fa} step=${v} feedback=${i} busy=${o} onAnswer=${async e=>{if(!(o||i?.right)){s(!0);try{let t=await an(`POST`,`/tutorial/${encodeURIComponent(_.id)}/check`,{step:n.step,answer:e},null);a({...t,answer:e})}catch(e){a({failed:Y(e)})}finally{s(!1)}}}} />
      <${Ia} lesson=${_} n=${y} feedback=${i}
        onNext=${()=>{l.current=!0,f(Sa(n,e))}} />
    </section>
    ${g}
  </div>`}function Pa({step:e,played:t,answered:n}){let r=e.view,i=e.kind!==`move`,a=r.trick;if(!a.length&&(i||r.phase===`cante`)&&r.tricks.length){let e=r.tricks[r.tricks.length-1];a=e.seats.map((t,n)=>[t,e.cards[n]])}t&&(a=[...a,[0,t]]);let o=xe.indexOf(r.trump),s=t=>{let i=(t-r.mano+4)%4,a=i<r.bids.length?r.bids[i]:null,o=r.sitting_out===t&&(e.kind!==`sitting_out`||n);return X`<div key=${t} class=${`lb-seat lb-${Da[t]}${o?` out`:``}`} data-testid=${`learn-seat-${Da[t]}`}>
      <strong>${I(`tutorial.seat.${t}`)}</strong>
      ${r.dealer===t?X`<span class="badge dealer">${I(`table.dealerShort`)}</span>`:null}
      ${a?X`<span class=${`badge bid bid-${a}`}>${I(`bid.${a}`)}</span>`:null}
      ${o?X`<span class="badge out">${I(`table.sitsOut`)}</span>`:null}
      ${t===0?null:X`<span class="muted lb-count">${I(`tutorial.cardsN`,{n:r.card_counts[t]})}</span>`}
    </div>`},[c,l]=r.score_before;return X`<div class="learn-board" data-testid="learn-board">
    <div class="lb-info">
      <span class="trump-badge" data-testid="learn-trump">
        ${o>=0?X`<${Bn} class="icon" markup=${He(o)} />`:null}
        <span>${I(`table.trump`)}: ${J(r.trump)}</span>
      </span>
      ${c||l?X`<span data-testid="learn-score">${I(`tutorial.score`,{us:c,them:l})}</span>`:null}
      ${r.bidder!==null&&r.bidder!==void 0?X`<span data-testid="learn-contract">${r.bidder===0?I(`table.contractByYou`,{contract:I(`bid.${r.contract}`)}):I(`table.contractBy`,{contract:I(`bid.${r.contract}`),seat:I(`tutorial.seat.${r.bidder}`)})}</span>`:null}
    </div>
    <div class="lb-felt">
      ${[1,2,3,0].map(s)}
      <div class="lb-trick" data-testid="learn-trick">
        ${a.map(([e,t])=>X`<${Bn} key=${t} class=${`lb-card at-${Da[e]}`} markup=${V(z(t))}
            label=${`${I(`tutorial.seat.${e}`)}: ${q(t)}`} style=${null} />`)}
      </div>
      ${r.trump_held?X`<${Bn} class="lb-shown" markup=${V(z(r.shown_card))} label=${I(`table.shownTrump`,{card:q(r.shown_card)})} />`:null}
    </div>
  </div>`}function Fa({step:e,feedback:t,busy:n,onAnswer:r}){let i=e.view,a=e.kind===`move`&&i.phase===`play`,o=!!t?.right,s=i.hand.filter(e=>!(o&&e===t.answer)),c=X`<div class="learn-hand" data-testid="learn-hand" role="group" aria-label=${I(`table.yourHand`)}>
    ${s.map(e=>X`<button key=${e} class=${`card${a&&!o?` legal`:` static`}`} data-testid=${`learn-card-${e}`}
        disabled=${!a||o||n} aria-label=${q(e)}
        onClick=${()=>r(e)} dangerouslySetInnerHTML=${{__html:V(z(e))}} />`)}
  </div>`;return a?c:X`<div>
    ${e.kind===`move`?c:null}
    <div class="learn-options actions" data-testid="learn-options">
      ${e.options.map(i=>X`<button key=${i} class="btn" data-testid=${`learn-option-${i}`} disabled=${o||n}
          aria-pressed=${String(t?.answer===i)} onClick=${()=>r(i)}>${Ma(e.kind,i)}</button>`)}
    </div>
  </div>`}function Ia({lesson:e,n:t,feedback:n,onNext:r}){let i=K(null),a=!!n?.right;return G(()=>{a&&i.current?.focus()},[a,e.id,t]),n?n.failed?X`<div class="learn-feedback bad" role="status" data-testid="learn-feedback" data-result="error">${n.failed}</div>`:n.right?X`<div class="learn-feedback good" role="status" aria-live="polite" data-testid="learn-feedback" data-result="right">
      <strong>${I(`tutorial.right`)}</strong>
      <p data-testid="learn-why">${I(`tutorial.${e.id}.${t}.why`)}</p>
      <button class="btn primary" data-testid="learn-next" ref=${i} onClick=${r}>${I(`tutorial.next`)}</button>
    </div>`:X`<div class="learn-feedback bad" role="status" aria-live="polite" data-testid="learn-feedback" data-result="wrong"
    data-reason=${n.reason}>
    <strong>${I(`tutorial.wrong`)}</strong>
    <p data-testid="learn-reason">${ja(n)}</p>
    <p class="muted" data-testid="learn-hint">${I(`tutorial.${e.id}.${t}.hint`)}</p>
  </div>`:X`<div class="learn-feedback" role="status" aria-live="polite"></div>`}function La(){let{lessons:e,error:t}=Aa();return X`<article class="panel rules-page" data-testid="rules">
    <h1>${I(`tutorial.rulesTitle`)}</h1>
    <p>${I(`tutorial.rulesIntro`)}</p>
    ${t?X`<p class="message error">${Y(t)}</p>`:null}
    ${!e&&!t?X`<p class="muted">${I(`common.loading`)}</p>`:null}
    ${(e||[]).map(e=>X`<section key=${e.id} data-testid=${`rules-section-${e.id}`}>
        <h2>${I(`tutorial.${e.id}.title`)}</h2>
        <p>${I(`tutorial.${e.id}.text`)}</p>
      </section>`)}
    <a class="btn primary" href="#/learn" data-testid="rules-learn">${I(`tutorial.start`)}</a>
  </article>`}var Ra={conn:null,user:null};function za(e){location.hash!==e&&(location.hash=e)}function Ba(e){return e?e.key?I(e.key):Y(e):``}function Va(e){let[t,n]=W(()=>navigator.onLine!==!1),[r,i]=W(!1),a=K(null);return a.current=async()=>{try{let e=await fetch(`/healthz`,{cache:`no-store`});i(!e.ok)}catch{i(!0)}},G(()=>{let e=()=>n(!0),t=()=>n(!1);return window.addEventListener(`online`,e),window.addEventListener(`offline`,t),a.current(),()=>{window.removeEventListener(`online`,e),window.removeEventListener(`offline`,t)}},[]),G(()=>{if(e)return e.on(`state`,({status:t})=>{t===`open`?i(!1):t===`reconnecting`&&e.retry>=2&&a.current()})},[e]),G(()=>{if(t&&!r)return;let e=setInterval(()=>a.current(),4e3);return()=>clearInterval(e)},[t,r]),{offline:!t||r,retry:()=>a.current()}}function Ha({onRetry:e}){return X`<div class="offline-banner" role="alert" data-testid="offline">
    <${Vt} name="offline" size=${28} />
    <div class="offline-text">
      <strong>${I(`offline.title`)}</strong>
      <span>${I(`offline.text`)}</span>
    </div>
    <button class="btn small" data-testid="offline-retry" onClick=${e}>${I(`offline.retry`)}</button>
  </div>`}function Ua(){let[e,t]=W(()=>dn(location.hash)),[,n]=W(0),[r,i]=W(tn),a=K(null),o=K(!1),[s,c]=W(null),[l,u]=W(null),[d,f]=W(null),[p,m]=W([]),[h,g]=W(()=>new Map),[_,v]=W(null),[y,b]=W(null),[x,S]=W(`idle`),[C,w]=W(null),[T,E]=W(null),[D,O]=W(null),[ee,k]=W({busy:!1,error:null}),[A,te]=W([]),j=K(`#/`),M=Va(s);Ra.user=l,G(()=>{document.title=I(`app.title`);let e=ye(()=>{document.title=I(`app.title`),n(e=>e+1)}),t=ft(()=>n(e=>e+1));return()=>{e(),t()}},[]),G(()=>{let e=location.hash||`#/`,n=()=>{j.current=e,e=location.hash||`#/`,t(dn(location.hash))};return window.addEventListener(`hashchange`,n),()=>window.removeEventListener(`hashchange`,n)},[]);let N=`${e.name}:${e.id??``}`,ne=K(!0);G(()=>{if(ne.current){ne.current=!1;return}let t=document.getElementById(`app`),n=document.activeElement;if(!t||n&&n!==t&&t.contains(n))return;let r=e.name===`table`?null:e.name===`lobby`&&document.getElementById(`play-title`)||t.querySelector(`h1, h2`);r&&!r.hasAttribute(`tabindex`)&&r.setAttribute(`tabindex`,`-1`),(r||t).focus()},[N]),G(()=>{document.body.dataset.route=e.name,e.name!==`lobby`&&e.name!==`join`&&w(null)},[e.name]);let re=e=>{e&&an(`POST`,`/logout`).catch(()=>null),nn(null),i(null),u(null),f(null),m([]),g(new Map),v(null),b(null),za(`#/`)};G(()=>{if(!r){Ra.conn=null,c(null),S(`idle`);return}let e=new un(r);Ra.conn=e;let t=[e.on(`welcome`,e=>{u(e.user),m(e.tables||[])}),e.on(`unauthorized`,()=>{a.current!==r&&re(!1)}),e.on(`lobby`,e=>{g(new Map(e.tables.map(e=>[e.id,e]))),typeof e.online==`number`&&v(e.online)}),e.on(`lobby_update`,e=>g(t=>{let n=new Map(t);return e.removed?n.delete(e.table.id):n.set(e.table.id,e.table),n})),e.on(`online`,e=>typeof e.players==`number`&&v(e.players)),e.on(`queue`,e=>b(e.on?{...e,at:Date.now()}:null)),e.on(`seated`,e=>{b(null),za(`#/t/${e.table}`)}),e.on(`state`,({status:e})=>S(e))];return e.lobbyOn=dn(location.hash).name===`lobby`,e.connect(),c(e),()=>{for(let e of t)e();e.close()}},[r]),G(()=>{r&&!l&&an(`GET`,`/me`,void 0,r).then(e=>u(t=>t||{id:e.id,name:e.name,guest:e.guest})).catch(()=>null)},[r]),G(()=>{if(!r||!l||l.guest)return;let e=!0;return an(`GET`,`/me`,void 0,r).then(t=>e&&f(t.rating?t.rating.rating:null)).catch(()=>null),()=>{e=!1}},[r,l?.id,l?.guest,N]),G(()=>{s&&s.lobby(e.name===`lobby`)},[s,e.name]);let P=async e=>{w(null);try{let t=await e;t&&t.table&&(m(e=>e.includes(t.table)?e:[...e,t.table]),za(`#/t/${t.table}`))}catch(e){w(e.code===`already_seated`?{key:`error.already_seated`}:e)}},ie=(e,t=s)=>{let n=String(e).trim().toUpperCase();/^[A-Z0-9]{1,16}$/.test(n)?t&&P(t.command(`join`,{code:n})):w({key:`lobby.badCode`})};G(()=>{e.name===`join`&&(r?s&&(za(`#/`),ie(e.code,s)):E(e.code))},[e,r,s]),G(()=>{if(s&&T){let e=T;E(null),ie(e,s)}},[s,T]),G(()=>{e.name!==`table`||r||(dn(location.hash).name===`table`&&O(e.id),za(`#/`))},[e.name,r]),G(()=>{r&&D&&(O(null),za(`#/t/${D}`))},[r,D]);let ae=async(e,t)=>{k({busy:!0,error:null});try{e===`register`&&(a.current=r);let n=await an(`POST`,`/${e}`,t,e===`register`?r:null);nn(n.token),u({id:n.user.id,name:n.user.name,guest:n.user.guest}),k({busy:!1,error:null}),o.current=!0,i(n.token)}catch(e){a.current=null,k({busy:!1,error:e})}};G(()=>{if(!o.current)return;o.current=!1;let e=document.activeElement;e&&e!==document.body&&e.id!==`app`||(document.getElementById(`play-title`)||document.getElementById(`app`))?.focus()},[r,l]);let oe=e=>{let t=`${Date.now()}-${Math.random()}`;te(n=>[...n,{id:t,text:e}]),setTimeout(()=>te(e=>e.filter(e=>e.id!==t)),4e3)},se={busy:ee.busy,error:Ba(ee.error),failure:ee.error,clear:()=>k(e=>({...e,error:null}))},F;switch(e.name){case`table`:F=r&&s?X`<${ga} key=${`${e.id}:${r}`} conn=${s} tableId=${e.id} me=${l} go=${za} toast=${oe}
              onLeave=${t=>{t&&m(t=>t.filter(t=>t!==e.id)),za(`#/`)}} />`:null;break;case`leaderboard`:F=X`<${Yn} user=${l} />`;break;case`history`:F=X`<${Jn} token=${r} user=${l} />`;break;case`replay`:F=X`<${Si} key=${e.id} matchId=${e.id} userId=${l?.id}
        onBack=${()=>za(/^#\/(player|history)/.test(j.current)?j.current:`#/history`)} />`;break;case`player`:F=X`<${pr} key=${e.id} userId=${e.id} me=${l} />`;break;case`learn`:F=X`<${Na} />`;break;case`rules`:F=X`<${La} />`;break;default:F=X`<${nr} token=${r} user=${l} conn=${s} myTables=${p} lobbyTables=${h}
        online=${_} queue=${y} setQueue=${b} formError=${Ba(C)}
        setFormError=${w}
        pendingJoin=${T} auth=${se} onAuth=${ae} run=${P} joinByCode=${ie} go=${za} />`}return X`
    <a class="skip-link" href="#app" onClick=${e=>{e.preventDefault(),document.getElementById(`app`)?.focus()}}>${I(`nav.skip`)}</a>
    <${Gn} token=${r} user=${l} rating=${d} connStatus=${x} offline=${M.offline}
      onSignOut=${()=>re(!0)} />
    ${M.offline?X`<${Ha} onRetry=${M.retry} />`:null}
    <main id="app" tabindex="-1">${F}</main>
    <div class="toasts" aria-live="polite">
      ${A.map(e=>X`<div key=${e.id} class="toast" data-testid="toast">${e.text}</div>`)}
    </div>`}async function Wa(){ut(),await _e(ge(),{remember:!1});let e=document.getElementById(`root`);ce(b(Ua,{}),e),document.body.dataset.ready=`true`,`serviceWorker`in navigator&&navigator.serviceWorker.register(`/sw.js`).catch(e=>console.warn(`service worker:`,e))}Wa().catch(e=>{console.error(e);let t=document.getElementById(`root`),n=document.createElement(`p`);n.className=`message error boot-error`,n.textContent=I(`error.generic`)===`error.generic`?`Cuatrola: ${e}`:`${I(`error.generic`)} (${e})`,t.replaceChildren(n)}),window.cuatrola={app:Ra};