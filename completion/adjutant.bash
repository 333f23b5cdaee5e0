# SPDX-License-Identifier: MIT
# bash completion for adjutant(1)                          -*- shell-script -*-
#
# Commands, each command's options, --format values and ruling names and
# values. These lists are checked against the program's own tables by
# tests/cli_lists.py (which runs this function, under `set -u`): a new
# command or option fails that test until it is added here. Needs nothing
# from the bash-completion package.

_adjutant()
{
    local cur=${COMP_WORDS[COMP_CWORD]-}
    local prev=${COMP_WORDS[COMP_CWORD - 1]-}
    local command=${COMP_WORDS[1]-}
    local commands="audit explain compare status dice fix ladder lsp help"
    local actions="--help --version --list-codes --list-catalogue"
    local -A options=(
        [audit]="--format --ruling --at -j --jobs --summary --strict --color --no-color --ladder --no-ladder -h --help"
        [explain]="--format --ruling --at --color --no-color --ladder --no-ladder -h --help"
        [compare]="--format --ruling --at --color --no-color --ladder --no-ladder -h --help"
        [status]="--format --ruling --strict --color --no-color --ladder --no-ladder -h --help"
        [dice]="--format --alpha -j --jobs --color --no-color --ladder --no-ladder -h --help"
        [fix]="--ruling --diff --ladder --no-ladder -h --help"
        [ladder]="--format --ladder --no-ladder -h --help"
        [lsp]="--ruling --ladder --no-ladder -h --help"
    )
    local formats="text json sarif github html csv"
    local -A rulings=(
        [recovery]="counts-first-turn full-turns"
        [repeat-illness]="add as-wound longer"
        [repeat-wound]="add longer"
        [illness-left]="remaining rolled"
        [wound-roll]="counts ignored"
    )
    COMPREPLY=()

    if ((COMP_CWORD == 1)); then
        COMPREPLY=($(compgen -W "$commands $actions" -- "$cur"))
        return
    fi

    # bash splits "--format=json" into "--format" "=" "json", and
    # "--ruling recovery=full-turns" into "--ruling" "recovery" "=" "full-turns"
    local i=$COMP_CWORD key="" before=""
    if [[ $cur == = ]]; then
        key=${COMP_WORDS[i - 1]-} before=${COMP_WORDS[i - 2]-} cur=
    elif [[ $prev == = ]]; then
        key=${COMP_WORDS[i - 2]-} before=${COMP_WORDS[i - 3]-}
    fi
    if [[ $key && $before == --ruling ]]; then
        COMPREPLY=($(compgen -W "${rulings[$key]-}" -- "$cur"))
        return
    fi
    [[ $key ]] && prev=$key

    case $prev in
    --format)
        COMPREPLY=($(compgen -W "$formats" -- "$cur"))
        return
        ;;
    --ruling)
        local name=${cur%%=*} words=() r v
        if [[ $cur == *=* ]]; then
            for v in ${rulings[$name]-}; do
                words+=("$name=$v")
            done
        else
            for r in "${!rulings[@]}"; do
                words+=("$r=")
            done
            compopt -o nospace 2>/dev/null
        fi
        COMPREPLY=($(compgen -W "${words[*]}" -- "$cur"))
        return
        ;;
    --at)
        COMPREPLY=($(compgen -W "turn: line:" -- "$cur"))
        compopt -o nospace 2>/dev/null
        return
        ;;
    -j | --jobs)
        return
        ;;
    esac

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "${options[$command]-}" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
    compopt -o filenames 2>/dev/null
}
complete -F _adjutant adjutant
