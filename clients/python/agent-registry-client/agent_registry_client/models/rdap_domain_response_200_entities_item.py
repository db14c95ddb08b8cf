from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rdap_domain_response_200_entities_item_object_class_name import (
    RdapDomainResponse200EntitiesItemObjectClassName,
)
from ..models.rdap_domain_response_200_entities_item_vcard_array_item_type_0 import (
    RdapDomainResponse200EntitiesItemVcardArrayItemType0,
)

if TYPE_CHECKING:
    from ..models.rdap_domain_response_200_entities_item_vcard_array_item_type_1_item_item_type_1 import (
        RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1,
    )


T = TypeVar("T", bound="RdapDomainResponse200EntitiesItem")


@_attrs_define
class RdapDomainResponse200EntitiesItem:
    """
    Attributes:
        object_class_name (RdapDomainResponse200EntitiesItemObjectClassName):
        handle (str):
        roles (list[str]):
        vcard_array (list[list[list[RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1 | str]] |
            RdapDomainResponse200EntitiesItemVcardArrayItemType0]):
    """

    object_class_name: RdapDomainResponse200EntitiesItemObjectClassName
    handle: str
    roles: list[str]
    vcard_array: list[
        list[list[RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1 | str]]
        | RdapDomainResponse200EntitiesItemVcardArrayItemType0
    ]

    def to_dict(self) -> dict[str, Any]:
        from ..models.rdap_domain_response_200_entities_item_vcard_array_item_type_1_item_item_type_1 import (
            RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1,  # noqa: PLC0415
        )

        object_class_name = self.object_class_name.value

        handle = self.handle

        roles = self.roles

        vcard_array = []
        for vcard_array_item_data in self.vcard_array:
            vcard_array_item: list[list[dict[str, Any] | str]] | str
            if isinstance(vcard_array_item_data, RdapDomainResponse200EntitiesItemVcardArrayItemType0):
                vcard_array_item = vcard_array_item_data.value
            else:
                vcard_array_item = []
                for vcard_array_item_type_1_item_data in vcard_array_item_data:
                    vcard_array_item_type_1_item = []
                    for vcard_array_item_type_1_item_item_data in vcard_array_item_type_1_item_data:
                        vcard_array_item_type_1_item_item: dict[str, Any] | str
                        if isinstance(
                            vcard_array_item_type_1_item_item_data,
                            RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1,
                        ):
                            vcard_array_item_type_1_item_item = vcard_array_item_type_1_item_item_data.to_dict()
                        else:
                            vcard_array_item_type_1_item_item = vcard_array_item_type_1_item_item_data
                        vcard_array_item_type_1_item.append(vcard_array_item_type_1_item_item)

                    vcard_array_item.append(vcard_array_item_type_1_item)

            vcard_array.append(vcard_array_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "objectClassName": object_class_name,
                "handle": handle,
                "roles": roles,
                "vcardArray": vcard_array,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rdap_domain_response_200_entities_item_vcard_array_item_type_1_item_item_type_1 import (
            RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1,  # noqa: PLC0415
        )

        d = dict(src_dict)
        object_class_name = RdapDomainResponse200EntitiesItemObjectClassName(d.pop("objectClassName"))

        handle = d.pop("handle")

        roles = cast(list[str], d.pop("roles"))

        vcard_array = []
        _vcard_array = d.pop("vcardArray")
        for vcard_array_item_data in _vcard_array:

            def _parse_vcard_array_item(
                data: object,
            ) -> (
                list[list[RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1 | str]]
                | RdapDomainResponse200EntitiesItemVcardArrayItemType0
            ):
                try:
                    if not isinstance(data, str):
                        raise TypeError()
                    vcard_array_item_type_0 = RdapDomainResponse200EntitiesItemVcardArrayItemType0(data)

                    return vcard_array_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, list):
                    raise TypeError()
                vcard_array_item_type_1 = []
                _vcard_array_item_type_1 = data
                for vcard_array_item_type_1_item_data in _vcard_array_item_type_1:
                    vcard_array_item_type_1_item = []
                    _vcard_array_item_type_1_item = vcard_array_item_type_1_item_data
                    for vcard_array_item_type_1_item_item_data in _vcard_array_item_type_1_item:

                        def _parse_vcard_array_item_type_1_item_item(
                            data: object,
                        ) -> RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1 | str:
                            try:
                                if not isinstance(data, dict):
                                    raise TypeError()
                                vcard_array_item_type_1_item_item_type_1 = (
                                    RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1.from_dict(data)
                                )

                                return vcard_array_item_type_1_item_item_type_1
                            except (TypeError, ValueError, AttributeError, KeyError):
                                pass
                            return cast(RdapDomainResponse200EntitiesItemVcardArrayItemType1ItemItemType1 | str, data)

                        vcard_array_item_type_1_item_item = _parse_vcard_array_item_type_1_item_item(
                            vcard_array_item_type_1_item_item_data
                        )

                        vcard_array_item_type_1_item.append(vcard_array_item_type_1_item_item)

                    vcard_array_item_type_1.append(vcard_array_item_type_1_item)

                return vcard_array_item_type_1

            vcard_array_item = _parse_vcard_array_item(vcard_array_item_data)

            vcard_array.append(vcard_array_item)

        rdap_domain_response_200_entities_item = cls(
            object_class_name=object_class_name,
            handle=handle,
            roles=roles,
            vcard_array=vcard_array,
        )

        return rdap_domain_response_200_entities_item
